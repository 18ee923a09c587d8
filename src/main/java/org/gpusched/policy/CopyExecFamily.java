package org.gpusched.policy;

import org.gpusched.copyexec.*;
import org.gpusched.model.Budget;
import org.gpusched.model.Workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The copy/execute strategies of Muyan-Özçelik and Owens (package {@code copyexec}) as methods
 * {@code copy-exec-traditional} … {@code copy-exec-order}: a simulation with worst-case times over
 * one hyperperiod, never a proof. Each result carries every job, the misses and our metrics.
 */
public final class CopyExecFamily {
    static final String PAPER = "Muyan-Özçelik, Owens, CCPE 2017 (CPU-side copy/execute schedulers)";
    /** Said next to every verdict of these methods, in every report format. */
    public static final String NOTE = "a simulation with worst-case times over one hyperperiod: it shows one run,"
            + " not a proof for shorter times";

    private CopyExecFamily() { }

    public static List<Method> all() {
        return Stream.of(Strategy.values()).<Method>map(CopyExec::new).toList();
    }

    /** The method id of a strategy: copy-exec-traditional, ... */
    public static String id(Strategy s) {
        return "copy-exec-" + s.id();
    }

    static final class CopyExec extends FamilyMethod {
        private final Strategy s;

        CopyExec(Strategy s) {
            super(CopyExecFamily.id(s), description(s), PAPER, Evidence.SIMULATION);
            this.s = s;
        }

        private static String description(Strategy s) {
            return switch (s) {
                case TRADITIONAL -> "copy/execute: one job at a time, H2D, kernel, D2H in sequence (simulated)";
                case INTERLEAVE -> "copy/execute: copies of one job overlap the other's kernel, kernels serial (simulated)";
                case CONCURRENT -> "copy/execute: interleaved copies and concurrent eligible kernels (simulated)";
                case ORDER -> "copy/execute: as concurrent, D2H of the first kernel to finish issued first (simulated)";
            };
        }

        @Override
        public Applicability applicability(Workload w) {
            CopyWorkload.View v = CopyWorkload.of(w);
            if (v instanceof CopyWorkload.Unfit u) {
                return Applicability.no(u.reason());
            }
            CopyWorkload cw = ((CopyWorkload.Fits) v).workload();
            return s.concurrentKernels() && cw.pairs() == null ? Applicability.no(cw.pairsNote()) : Applicability.yes();
        }

        @Override
        MethodResult judge(Workload w, RunOptions o, Budget.Meter meter) {
            long t0 = System.nanoTime();
            CopyWorkload cw = ((CopyWorkload.Fits) CopyWorkload.of(w)).workload();
            CopySim sim;
            CopySim traditional;
            try {
                sim = CopySimulator.run(cw, s, meter);
                traditional = s == Strategy.TRADITIONAL ? sim : CopySimulator.run(cw, Strategy.TRADITIONAL, meter);
            } catch (Budget.Exhausted e) {
                return new MethodResult(id(), Outcome.INCONCLUSIVE, e.getMessage(), evidence(), List.of(),
                        Detail.Facts.NONE, System.nanoTime() - t0);
            }
            List<TaskRow> rows = new ArrayList<>();
            for (int i = 0; i < cw.size(); i++) {
                OptionalLong worst = sim.worstResponse(i);
                int task = i;
                boolean ok = sim.jobs().stream().noneMatch(j -> j.taskIndex() == task && j.miss());
                rows.add(new TaskRow(cw.task(i).name(), worst, worst.isPresent() ? ok : null, false));
            }
            Outcome outcome = sim.misses().isEmpty() ? Outcome.SCHEDULABLE : Outcome.NOT_SCHEDULABLE;
            return new MethodResult(id(), outcome, NOTE, evidence(), rows, facts(cw, sim, traditional),
                    System.nanoTime() - t0);
        }
    }

    static Detail.Facts facts(CopyWorkload cw, CopySim sim, CopySim traditional) {
        List<Detail.Fact> facts = new ArrayList<>();
        facts.add(new Detail.Fact("copyEngines", (long) cw.engines()));
        facts.add(new Detail.Fact("batches", (long) sim.batchStarts().size()));
        facts.add(new Detail.Fact("misses", sim.misses().stream().map(j -> j.task() + "#" + j.job()).toList()));
        facts.add(new Detail.Fact("metrics", "ours (docs/copy-execute.md), not the paper's: slack = sum of"
                + " deadline - finish; S = sum of lateness + " + CopySim.SHIFT + "; P = S[traditional] / S"));
        facts.add(new Detail.Fact("slack", sim.slack()));
        facts.add(new Detail.Fact("shiftedLateness", sim.shiftedLateness()));
        facts.add(new Detail.Fact("relativePerformance", String.format(Locale.ROOT, "%.2f",
                sim.relativePerformance(traditional))));
        List<List<Object>> jobs = new ArrayList<>();
        for (JobRun j : sim.jobs()) {
            jobs.add(List.of(j.task(), (long) j.job(), j.release(), j.start(), j.finish(), j.responseTime(),
                    j.deadline(), j.miss() ? "MISS" : ""));
        }
        return new Detail.Facts(facts, List.of(new Detail.Table("jobs",
                List.of("task", "job", "release", "start", "finish", "responseTime", "deadline", "miss"), jobs)));
    }
}
