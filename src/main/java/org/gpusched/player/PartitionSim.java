package org.gpusched.player;

import org.gpusched.model.Ticks;
import org.gpusched.partition.PartitionTest;
import org.gpusched.partition.SmPartitionPlan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The simulated device playing a partition plan: each partition's jobs run only on its SMs, for the
 * time the scaling model gives them there (C_i(T(P), |P|), conflicts included), under the policy the
 * plan's within-partition test assumes: per-task, every kernel co-runs from its release; edf-dbf,
 * the partition runs one job at a time by EDF (preemptive); gfb, global EDF with the partition's SMs
 * as processors, a job on one SM at a time. Jobs are released synchronously at k·T over the horizon.
 * Ties: earlier deadline, then task index, then job.
 */
public final class PartitionSim {
    private PartitionSim() { }

    /** One job: release, deadline, start and finish; {@code finish} is BEYOND when it never finished. */
    public record Job(String task, int taskIndex, long job, long release, long deadline, long start, long finish) {
        public boolean missed() {
            return finish > deadline;
        }
    }

    /** Plays every partition over [0, horizon); jobs in order of release, then task index. */
    public static List<Job> play(SmPartitionPlan plan, long horizon) {
        List<Job> out = new ArrayList<>();
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            long servers = switch (plan.test()) {
                case PER_TASK -> Long.MAX_VALUE;
                case EDF_DBF -> 1;
                case GFB -> p.sms();
            };
            out.addAll(partition(p, horizon, servers));
        }
        out.sort(Comparator.comparingLong(Job::release).thenComparingInt(Job::taskIndex));
        return out;
    }

    private static final class Live {
        final SmPartitionPlan.Slot slot;
        final long job;
        final long release;
        final long deadline;
        long left;
        long start = -1;

        Live(SmPartitionPlan.Slot slot, long job, long release) {
            this.slot = slot;
            this.job = job;
            this.release = release;
            this.deadline = Ticks.add(release, slot.deadline());
            this.left = slot.time();
        }
    }

    /** Preemptive EDF on {@code servers} identical servers (unbounded: every job runs at once). */
    private static List<Job> partition(SmPartitionPlan.Partition p, long horizon, long servers) {
        PriorityQueue<Live> pending = new PriorityQueue<>(Comparator.comparingLong((Live l) -> l.release)
                .thenComparingInt(l -> l.slot.index()));
        for (SmPartitionPlan.Slot s : p.tasks()) {
            for (long k = 0; k * s.period() < horizon; k++) {
                pending.add(new Live(s, k, k * s.period()));
            }
        }
        Comparator<Live> edf = Comparator.comparingLong((Live l) -> l.deadline).thenComparingInt(l -> l.slot.index())
                .thenComparingLong(l -> l.job);
        List<Live> ready = new ArrayList<>();
        List<Job> done = new ArrayList<>();
        long now = 0;
        while (!pending.isEmpty() || !ready.isEmpty()) {
            while (!pending.isEmpty() && pending.peek().release <= now) {
                ready.add(pending.poll());
            }
            if (ready.isEmpty()) {
                now = pending.peek().release;
                continue;
            }
            ready.sort(edf);
            int running = (int) Math.min(servers, ready.size());
            long next = pending.isEmpty() ? Ticks.BEYOND : pending.peek().release;
            for (int i = 0; i < running; i++) {
                next = Math.min(next, Ticks.add(now, ready.get(i).left));
            }
            long step = next - now;
            List<Live> finished = new ArrayList<>();
            for (int i = 0; i < running; i++) {
                Live l = ready.get(i);
                if (l.start < 0) {
                    l.start = now;
                }
                l.left -= step;
                if (l.left == 0) {
                    finished.add(l);
                }
            }
            now = next;
            for (Live l : finished) {
                ready.remove(l);
                done.add(new Job(l.slot.task(), l.slot.index(), l.job, l.release, l.deadline, l.start, now));
            }
        }
        return done;
    }

    /** The partition test's name, for reports. */
    public static String policy(PartitionTest t) {
        return switch (t) {
            case PER_TASK -> "kernels co-run on their partition";
            case EDF_DBF -> "EDF, one job at a time per partition";
            case GFB -> "global EDF on the partition's SMs";
        };
    }
}
