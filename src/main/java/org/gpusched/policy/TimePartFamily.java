package org.gpusched.policy;

import org.gpusched.model.Budget;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;
import org.gpusched.timepart.*;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Time partitioning with kernels as delays (time-partitioning.md, package {@code timepart}):
 * {@code time-partitioned-holistic} under the workload's cyclic plan, and {@code holistic}, the same
 * analysis on always-supplied cores for a workload without a plan; {@code time-partitioned-offset-based}
 * and {@code offset-based}, the offset-based analysis of the same models (the slanted one, which
 * replaces the 1998 approximation: never looser, docs/timepart.md). All need kernels that
 * cannot overlap (one partition serialises them, or the GPU server queues them); otherwise not
 * applicable.
 */
public final class TimePartFamily {
    public static final String PARTITIONED = "time-partitioned-holistic";
    public static final String PLAIN = "holistic";
    public static final String PARTITIONED_OFFSET = "time-partitioned-offset-based";
    public static final String PLAIN_OFFSET = "offset-based";

    private TimePartFamily() { }

    public static List<Method> all() {
        return List.of(new Holistics(true, false), new Holistics(false, false), new Holistics(true, true),
                new Holistics(false, true));
    }

    static final class Holistics extends FamilyMethod {
        private final boolean partitioned;
        private final boolean offset;

        Holistics(boolean partitioned, boolean offset) {
            super(offset ? (partitioned ? PARTITIONED_OFFSET : PLAIN_OFFSET) : partitioned ? PARTITIONED : PLAIN,
                    description(partitioned, offset), source(partitioned, offset), Evidence.BOUND);
            this.partitioned = partitioned;
            this.offset = offset;
        }

        private static String description(boolean partitioned, boolean offset) {
            if (offset) {
                return "response-time bound: end-to-end flows with dynamic offsets, slanted interference (offset-based)"
                        + (partitioned ? " in ARINC 653 time partitions (supply bound)," : " on fixed-priority CPUs,")
                        + " kernels as delays or on the GPU server";
            }
            return partitioned ? "response-time bound: end-to-end flows in ARINC 653 time partitions (supply bound),"
                    + " fixed priorities inside, kernels and copies as delays"
                    : "response-time bound: end-to-end flows on fixed-priority CPUs (holistic), kernels and copies"
                    + " as delays";
        }

        private static String source(boolean partitioned, boolean offset) {
            if (offset) {
                return "Palencia and Gonzalez Harbour, RTSS 1998 (dynamic offsets); Maki-Turja and Nolin, RTCSA 2004"
                        + " (slanted; MAST offset_based)"
                        + (partitioned ? "; Palencia et al., TPDS 2017 (time partitions)" : "");
            }
            return partitioned ? "Gomez et al., MAST-2 + GPU framework (time-partitioning.md)"
                    : "Tindell and Clark 1994 / MAST holistic, kernels as delays (Gomez et al.)";
        }

        @Override
        public Applicability applicability(Workload w) {
            Platform.TimePartitions plan = w.platform().timePartitions();
            String plain = offset ? PLAIN_OFFSET : PLAIN;
            if (partitioned && plan == null) {
                return Applicability.no("no platform.timePartitions (method " + plain + " analyses a workload without"
                        + " them)");
            }
            if (!partitioned && plan != null) {
                return Applicability.no("the workload has platform.timePartitions (use " + (offset ? PARTITIONED_OFFSET
                        : PARTITIONED) + ")");
            }
            String why = Flows.whyNot(w);
            if (why != null) {
                return Applicability.no(why);
            }
            Serialisation s = Serialisation.check(Flows.of(w), plan, w.platform().cpus());
            return s.holds() ? Applicability.yes() : Applicability.no("kernels are not serialised: " + s.reason());
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            long t0 = System.nanoTime();
            List<Flow> flows = Flows.of(w);
            Platform.TimePartitions plan = w.platform().timePartitions();
            HolisticResult r = offset ? OffsetBased.analyze(flows, plan, meter::checkTime)
                    : Holistic.analyze(flows, plan, meter::checkTime);
            List<TaskRow> rows = new ArrayList<>();
            List<List<Object>> table = new ArrayList<>();
            for (FlowBound b : r.flows()) {
                rows.add(new TaskRow(b.flow(), b.wcrt(), b.schedulable(), b.bestEffort()));
                table.add(List.of(b.flow(), cell(b.wcrt()), b.best(), cell(b.jitter()), cell(b.slack())));
            }
            List<Detail.Fact> facts = new ArrayList<>();
            facts.add(new Detail.Fact("gpuAccess", w.platform().gpuAccess().id()));
            facts.add(new Detail.Fact("serialisation", Serialisation.check(flows, plan, w.platform().cpus()).reason()));
            facts.add(new Detail.Fact("rounds", (long) r.rounds()));
            r.minSlack().ifPresent(s -> facts.add(new Detail.Fact("leastSlack", s)));
            List<Detail.Table> tables = new ArrayList<>();
            tables.add(new Detail.Table("flows", List.of("task", "responseTime", "best", "jitter", "slack"), table));
            if (plan != null) {
                tables.add(windows(plan));
            }
            Outcome outcome = r.schedulable() ? Outcome.SCHEDULABLE : Outcome.NOT_SCHEDULABLE;
            return new MethodResult(id(), outcome, null, evidence(), rows, new Detail.Facts(facts, tables),
                    System.nanoTime() - t0);
        }
    }

    /** "> D" when the bound passed the deadline. */
    private static Object cell(OptionalLong v) {
        return v.isPresent() ? (Object) v.getAsLong() : "> D";
    }

    static Detail.Table windows(Platform.TimePartitions plan) {
        List<List<Object>> rows = new ArrayList<>();
        for (Platform.Partition p : plan.partitions()) {
            for (Platform.Window win : p.windows()) {
                rows.add(List.of(p.name(), win.core().isPresent() ? Long.toString(win.core().getAsInt()) : "all",
                        win.start(), win.length()));
            }
        }
        return new Detail.Table("windows", List.of("partition", "core", "start", "length"), rows);
    }
}
