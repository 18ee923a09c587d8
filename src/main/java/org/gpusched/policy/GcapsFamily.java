package org.gpusched.policy;

import org.gpusched.model.*;
import org.gpusched.rta.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The GCAPS family of response-time analyses (gcaps-rta.md, package {@code rta}) as methods: the
 * stock time-sliced driver, GCAPS, and the GPU as one lock under MPCP or FMLP+, each busy-waiting
 * or self-suspending. This class only adapts the workload ({@link #adapt}) and the result; the
 * analyses live in {@code rta}, which knows nothing of the input format.
 */
public final class GcapsFamily {
    private GcapsFamily() { }

    public static List<Method> all() {
        return Stream.of(RtaMethod.values()).<Method>map(Rta::new).toList();
    }

    /**
     * The analyses' view of a workload {@link Rta#applicability} accepted: each task's CPU/GPU chain
     * (adjacent CPU segments summed, a missing one 0), its core, priorities and best-effort flag,
     * and the driver overheads.
     */
    public static RtaWorkload adapt(Workload w) {
        List<RtaTask> tasks = new ArrayList<>();
        for (WorkTask t : w.tasks()) {
            WorkTask.CpuGpuChain chain = t.cpuGpuChain().orElseThrow();
            List<GpuSegment> gpu = chain.gpu().stream().map(g -> new GpuSegment(g.misc(), g.exec())).toList();
            tasks.add(new RtaTask(t.name(), t.period(), t.deadline(), chain.cpu(), gpu, t.core().getAsInt(),
                    t.cpuPriority(), t.gpuPriority(), t.bestEffort()));
        }
        Platform.GpuDriver d = w.platform().driver();
        return new RtaWorkload(tasks, new RtaPlatform(w.platform().cpus(), d.timeslice(), d.contextSwitch(),
                d.runlistUpdate()));
    }

    static final class Rta extends FamilyMethod {
        private final RtaMethod m;

        Rta(RtaMethod m) {
            super(m.id(), description(m), source(m), Evidence.BOUND);
            this.m = m;
        }

        private static String description(RtaMethod m) {
            String mode = m.suspends() ? "self-suspending" : "busy-waiting";
            String policy = switch (m) {
                case TSG_RR_BUSY, TSG_RR_SUSPEND -> "the stock driver's time-sliced round robin (TSG)";
                case GCAPS_BUSY, GCAPS_SUSPEND -> "GCAPS preemptive GPU priorities (runlist updates)";
                case MPCP_BUSY, MPCP_SUSPEND -> "the GPU as one lock under MPCP";
                case FMLP_PLUS_BUSY, FMLP_PLUS_SUSPEND -> "the GPU as one lock under FMLP+";
            };
            return "response-time bound: " + policy + ", " + mode + " CPU, partitioned fixed priorities";
        }

        private static String source(RtaMethod m) {
            String gcaps = "Wang, Liu, Wong, Kim, ECRTS 2024 (GCAPS)";
            return switch (m) {
                case MPCP_BUSY, MPCP_SUSPEND -> "Patel et al., RTAS 2018 (MPCP), as analysed in " + gcaps;
                case FMLP_PLUS_BUSY, FMLP_PLUS_SUSPEND -> "Brandenburg, ECRTS 2014 (FMLP+), as analysed in " + gcaps;
                default -> gcaps;
            };
        }

        /**
         * What the family (gcaps-rta.md) needs from a workload, the same for all eight methods: a
         * CPU/GPU chain per task (no copy of non-zero length), a core per task, and driver overheads
         * the workload's unit can hold. {@link #adapt} builds its tasks from
         * {@link WorkTask#cpuGpuChain()}, {@link WorkTask#core()}, the priorities and
         * {@link Platform#driver()} only after this said yes.
         */
        @Override
        public Applicability applicability(Workload w) {
            if (w.platform().driver() == null) {
                return Applicability.no(w.platform().driverNote());
            }
            for (WorkTask t : w.tasks()) {
                String p = "tasks[" + t.index() + "]";
                if (t.cpuGpuChain().isEmpty()) {
                    long copy = t.segments().stream().filter(s -> s instanceof Segment.Copy && s.time() > 0)
                            .mapToLong(Segment::time).findFirst().orElse(0);
                    return Applicability.no(p + " has a copy of length " + copy + " (copies are not a GCAPS concept:"
                            + " fold synchronous copies into gpu.misc)");
                }
                if (t.jitter() > 0) {
                    return Applicability.no(p + " has release jitter " + t.jitter() + " (the GCAPS analyses assume"
                            + " strictly periodic releases)");
                }
                if (t.core().isEmpty()) {
                    return Applicability.no(p + " has no cpu.core and platform.cpus > 1");
                }
            }
            return Applicability.yes();
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            long t0 = System.nanoTime();
            RtaWorkload rw = adapt(w);
            RtaResult r = ResponseTimeAnalysis.analyze(rw, m, o.gpuPriority(), o.variant(), meter::checkTime);
            List<TaskRow> rows = r.tasks().stream().map(b -> new TaskRow(b.task(), b.responseTime(),
                    b.bestEffort() ? null : b.schedulable(), b.bestEffort())).toList();
            List<Detail.Fact> facts = new ArrayList<>();
            facts.add(new Detail.Fact("variant", r.variant().name().toLowerCase(Locale.ROOT)));
            if (m.gcaps()) {
                facts.add(new Detail.Fact("gpuPriority", r.mode().name().toLowerCase(Locale.ROOT)));
                facts.add(new Detail.Fact("audsleyUsed", r.audsleyUsed()));
            }
            facts.add(new Detail.Fact("gpuPriorityOrder", r.gpuPriorityOrder()));
            Outcome outcome = r.schedulable() ? Outcome.SCHEDULABLE : Outcome.NOT_SCHEDULABLE;
            List<String> saturated = r.schedulable() ? List.of() : Saturation.reasons(rw);
            return new MethodResult(id(), outcome, saturated.isEmpty() ? null : String.join("; ", saturated),
                    evidence(), rows, new Detail.Facts(facts, List.of()), System.nanoTime() - t0);
        }
    }
}
