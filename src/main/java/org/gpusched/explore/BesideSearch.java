package org.gpusched.explore;

import org.gpusched.explore.bound.*;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.JobLimit;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Window;
import org.gpusched.oracle.Oracle;

import java.util.List;

/**
 * The earliest-time sweep and the window relaxations, each on a thread of its own and free of
 * {@link AutoSearch}'s turns, for a portfolio with cores to spare. In the graph search they take
 * turns with depth-first and breadth-first on one thread, which keeps its report the same on any
 * number of threads but makes every answer wait for the turns before it; here each runs at full
 * speed from the start. Both stay what they are in {@link SideSearches}: a sweep's path is replayed by
 * the table checker's rules before it is a schedule, and a relaxation's empty window is a proof.
 */
public final class BesideSearch {
    /** What one thread runs. */
    public enum Part {
        /** The sweeps of {@link EarliestSweep#WIDTHS} keyed by count vectors, as {@link SideSearches} runs them. */
        SWEEPS(new int[][] {EarliestSweep.SEQUENCE[0], EarliestSweep.SEQUENCE[1]}),
        /** Keyed by ready sets ({@link EarliestSweep#READY_CLASSES}) from the start, width 10 then 16. */
        READY_SWEEPS(new int[][] {EarliestSweep.SEQUENCE[2], {EarliestSweep.WIDTHS[1], EarliestSweep.READY_CLASSES}}),
        /** The window relaxation over every task. */
        RELAXATION(new int[0][]),
        /** The window relaxation without the lightest tasks ({@link SideSearches#LEFT_OUT}). */
        LEFT_OUT_RELAXATION(new int[0][]);

        /** The sweeps, as {width, classes}. */
        private final int[][] sweeps;

        Part(int[][] sweeps) {
            this.sweeps = sweeps;
        }
    }

    /** States between two looks at the meter (each part also looks inside its turns). */
    private static final long TURN = 1 << 14;
    private final TaskSet ts;
    private final Options options;

    public BesideSearch(TaskSet ts, Options options) {
        Window.require(ts);
        JobLimit.require(ts, "the exact search");
        this.ts = ts;
        this.options = options;
    }

    /** Whether these parts answer the question asked: a first schedule or a refutation, with the checks on. */
    public static boolean apply(Options o) {
        return o.greedyFirst() && o.search() == SearchOrder.AUTO && o.stop() == StopRule.FIRST
                && o.graphLimit() == 0;
    }

    /** The part's answer, or inconclusive when it has none (failed, retired, or stopped by the meter). */
    public Analysis analyze(Part part, Budget.Meter meter) {
        JobModel jm = new JobModel(ts);
        String method = "gpusched(merge=" + GpuSchedExplorer.name(options.merge()) + ", search=auto)";
        Oracle oracle = new Oracle(ts, meter);
        long maxLive = WindowRelaxation.maxLive(options);
        try {
            if (part == Part.RELAXATION || part == Part.LEFT_OUT_RELAXATION) {
                long keep = part == Part.RELAXATION ? -1L : SideSearches.lightestLeftOut(ts);
                if (!oracle.monotoneCompletion() || keep == -1L && part == Part.LEFT_OUT_RELAXATION) {
                    return none(method, "the window relaxation does not apply");
                }
                return relax(new WindowRelaxation(oracle, jm, meter, LiveBound.Mutation.NONE, maxLive,
                        WindowRelaxation.Mutation.NONE, keep), jm, method, meter);
            }
            String why = "no sweep ran";
            for (int i = 0; i < part.sweeps.length; ) {
                int[] spec = part.sweeps[i];
                EarliestSweep sweep = new EarliestSweep(ts, new Oracle(ts, meter), jm, meter, LiveBound.Mutation.NONE,
                        spec[0], spec[1], maxLive, EarliestSweep.Mutation.NONE);
                EarliestSweep.Step s = EarliestSweep.Step.OPEN;
                while (s == EarliestSweep.Step.OPEN && meter.timeNote() == null) {
                    s = sweep.step(TURN);
                }
                if (s == EarliestSweep.Step.FOUND) {
                    oracle.detachMeter();
                    return new GreedyFirst(oracle, jm).found(sweep.schedule(), method, Stats.EMPTY, Analysis.SWEEP);
                }
                if (s == EarliestSweep.Step.OPEN) {
                    return none(method, meter.timeNote());
                }
                why = "the earliest-time sweep of width " + spec[0] + ": " + sweep.failedWhy();
                i = EarliestSweep.next(part.sweeps, i, sweep.narrowed());
            }
            return none(method, why);
        } catch (Budget.Exhausted e) {
            return none(method, e.getMessage());
        } catch (OutOfMemoryError e) {
            // Beside the other engines a part's layers may not fit where they would alone; they are
            // unreachable once this returns, and the part is no answer, as in the graph search.
            return none(method, Budget.OUT_OF_MEMORY);
        }
    }

    private static Analysis relax(WindowRelaxation w, JobModel jm, String method, Budget.Meter meter) {
        WindowRelaxation.Step s = WindowRelaxation.Step.OPEN;
        while (s == WindowRelaxation.Step.OPEN && meter.timeNote() == null) {
            s = w.step(TURN);
        }
        if (s != WindowRelaxation.Step.REFUTED) {
            return none(method, s == WindowRelaxation.Step.OPEN ? meter.timeNote()
                    : "the window relaxation retired: " + w.retiredWhy());
        }
        return w.refutation(method, Stats.EMPTY);
    }

    private static Analysis none(String method, String note) {
        return new Analysis(Verdict.INCONCLUSIVE, method, Stats.EMPTY, List.of(), null, note);
    }
}
