package org.gpusched.policy;

import org.gpusched.model.Budget;
import org.gpusched.model.RuntimeCharge;
import org.gpusched.model.Workload;
import org.gpusched.partition.*;

import java.util.*;
import java.util.stream.Stream;

/**
 * SM partitioning (Zahaf et al., RTNS 2021; sm-partitioning.md, package {@code partition}) as
 * methods: the four heuristics and the 1G baseline. Detail: the partition plan as a table
 * ("partitions": SM count and range, tasks; "allocation": per task its partition, conflict, time
 * and slack) and the paper's metrics as facts.
 */
public final class PartitionFamily {
    static final String PAPER = "Zahaf, Sañudo Olmedo, Singh, Capodieci, Faucou, RTNS 2021 (contention-aware GPU partitioning)";

    private PartitionFamily() { }

    public static List<Method> all() {
        return Stream.of(Heuristic.values()).<Method>map(Sm::new).toList();
    }

    /**
     * The plan a partitioning method finds for {@code w} (the search is deterministic, so this is
     * the plan its result showed), or empty when {@code m} is not one of them, does not apply or
     * finds no schedulable plan.
     */
    public static Optional<SmPartitionPlan> plan(Method m, Workload w, RunOptions o) {
        if (!(m instanceof Sm sm) || PartitionInput.check(w) != null) {
            return Optional.empty();
        }
        PartitionInput in = PartitionInput.of(RuntimeCharge.fold(w));
        PartitionResult r = Partitioner.run(in, sm.h, o.partition());
        return r.schedulable() ? Optional.of(SmPartitionPlan.of(in, r)) : Optional.empty();
    }

    public static boolean isPartitioning(Method m) {
        return m instanceof Sm;
    }

    /** The method id of a heuristic: sm-partition-sms-act, ..., sm-partition-1g. */
    public static String id(Heuristic h) {
        return "sm-partition-" + h.id();
    }

    static final class Sm extends FamilyMethod {
        private final Heuristic h;

        Sm(Heuristic h) {
            super(PartitionFamily.id(h), description(h), h == Heuristic.ONE_G ? PAPER + ", its 1G baseline" : PAPER,
                    Evidence.BOUND);
            this.h = h;
        }

        private static String description(Heuristic h) {
            if (h == Heuristic.ONE_G) {
                return "SM partitioning baseline 1G: every kernel on one partition of all SMs (conflicts everywhere)";
            }
            return "SM partitions and task allocation: " + (h.sms() ? "smallest merged size (SMS)" : "best fit (BF)")
                    + " partner order, " + (h.act() ? "forbidden pairs filled first (ACT)" : "forbidden list learnt (INA)");
        }

        @Override
        public Applicability applicability(Workload w) {
            String why = PartitionInput.check(w);
            return why == null ? Applicability.yes() : Applicability.no(why);
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            PartitionInput in = PartitionInput.of(w);
            PartitionResult r = Partitioner.run(in, h, o.partition());
            SmPartitionPlan plan = SmPartitionPlan.of(in, r);
            return new MethodResult(id(), r.schedulable() ? Outcome.SCHEDULABLE : Outcome.NOT_SCHEDULABLE, r.reason(),
                    evidence(), rows(w, plan, r.schedulable()), detail(r, plan, o), r.elapsedNanos());
        }
    }

    /**
     * Per task (in input order): under per-task the time C_i(T(P), |P|) is the response time (the
     * kernels co-run from their release); the other tests judge a partition as a whole, so a task
     * row says nothing on its own there.
     */
    static List<TaskRow> rows(Workload w, SmPartitionPlan plan, boolean ok) {
        if (!ok) {
            return List.of();
        }
        TaskRow[] rows = new TaskRow[w.size()];
        boolean perTask = plan.test() == PartitionTest.PER_TASK;
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            for (SmPartitionPlan.Slot s : p.tasks()) {
                rows[s.index()] = new TaskRow(s.task(), perTask ? OptionalLong.of(s.time()) : OptionalLong.empty(),
                        perTask ? s.time() <= s.deadline() : null, false);
            }
        }
        return List.of(rows);
    }

    static Detail.Facts detail(PartitionResult r, SmPartitionPlan plan, RunOptions o) {
        List<Detail.Fact> facts = new ArrayList<>();
        facts.add(new Detail.Fact("heuristic", r.heuristic().paperName()));
        facts.add(new Detail.Fact("partitionTest", r.test().id()));
        facts.add(new Detail.Fact("mergeSearch", o.partition().binarySearch() ? "binary" : "linear"));
        facts.add(new Detail.Fact("stage", r.stage()));
        facts.add(new Detail.Fact("gpuSms", plan.gpuSms()));
        facts.add(new Detail.Fact("usedSms", plan.usedSms()));
        facts.add(new Detail.Fact("partitions", (long) plan.partitions().size()));
        facts.add(new Detail.Fact("scheduledWorkload", String.format(Locale.ROOT, "%.4f", plan.scheduledWorkload())));
        facts.add(new Detail.Fact("lemma1Load", String.format(Locale.ROOT, "%.4f", r.lemma1Load())));
        facts.add(new Detail.Fact("trialMerges", r.trialMerges()));
        facts.add(new Detail.Fact("forbiddenPairs", r.forbiddenPairs()));
        List<List<Object>> parts = new ArrayList<>();
        List<List<Object>> alloc = new ArrayList<>();
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            parts.add(List.of(p.name(), p.sms(), p.firstSm(), p.lastSm(),
                    String.join(" ", p.tasks().stream().map(SmPartitionPlan.Slot::task).toList())));
            for (SmPartitionPlan.Slot s : p.tasks()) {
                alloc.add(List.of(s.task(), p.name(), s.kind().json(), s.conflict() ? "yes" : "no", s.time(),
                        s.deadline(), s.slack()));
            }
        }
        return new Detail.Facts(facts, List.of(
                new Detail.Table("plan", List.of("partition", "sms", "firstSm", "lastSm", "tasks"), parts),
                new Detail.Table("allocation", List.of("task", "partition", "kind", "conflict", "time", "deadline",
                        "slack"), alloc)));
    }
}
