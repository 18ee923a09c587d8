package org.gpusched.partition;

import java.util.ArrayList;
import java.util.List;

/**
 * A plan the runtime can use: each partition with a concrete, contiguous SM range (partitions in
 * order of their first task, from SM 0 up), and per task its partition, whether it is in conflict,
 * the time the test charged it and its slack D − C.
 */
public record SmPartitionPlan(long gpuSms, PartitionTest test, List<Partition> partitions) {

    public SmPartitionPlan {
        partitions = List.copyOf(partitions);
    }

    /** SMs firstSm .. lastSm (inclusive). */
    public record Partition(String name, long sms, long firstSm, long lastSm, List<Slot> tasks) {
        public Partition {
            tasks = List.copyOf(tasks);
        }
    }

    /** One task in its partition: {@code time} is C_i(T(P), |P|) as the test charges it. */
    public record Slot(String task, int index, Kind kind, boolean conflict, long time, long deadline, long period) {
        public long slack() {
            return deadline - time;
        }

        /** The slots of {@code ts} sharing one partition of {@code sms} SMs, timed as {@code test} charges them. */
        static List<Slot> of(List<KernelTask> ts, PartitionTest test, long sms) {
            boolean[] conflict = PartitionTest.conflicts(ts);
            List<Slot> slots = new ArrayList<>();
            for (int i = 0; i < ts.size(); i++) {
                KernelTask t = ts.get(i);
                slots.add(new Slot(t.name(), t.index(), t.kind(), conflict[i], test.time(t, conflict[i], sms),
                        t.deadline(), t.period()));
            }
            return slots;
        }

        /** Σ time / period over {@code slots}. */
        static Fraction utilization(List<Slot> slots) {
            return slots.stream().map(s -> Fraction.of(s.time(), s.period())).reduce(Fraction.ZERO, Fraction::plus);
        }
    }

    /** The plan of a result's partitions (schedulable or not: a failed search still shows where it stopped). */
    public static SmPartitionPlan of(PartitionInput in, PartitionResult r) {
        List<Partition> out = new ArrayList<>();
        long next = 0;
        for (PartitionResult.Group g : r.partitions()) {
            List<Slot> slots = Slot.of(g.tasks().stream().map(in.tasks()::get).toList(), r.test(), g.sms());
            out.add(new Partition("P" + out.size(), g.sms(), next, next + g.sms() - 1, slots));
            next += g.sms();
        }
        return new SmPartitionPlan(in.sms(), r.test(), out);
    }

    /** Σ C_i(T(P), |P|) / T_i over every task: the paper's "scheduled workload". */
    public double scheduledWorkload() {
        return Slot.utilization(partitions.stream().flatMap(p -> p.tasks().stream()).toList()).value();
    }

    public long usedSms() {
        return partitions.stream().mapToLong(Partition::sms).sum();
    }
}
