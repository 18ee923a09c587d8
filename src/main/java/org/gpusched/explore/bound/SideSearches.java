package org.gpusched.explore.bound;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.result.Stats;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What {@link AutoSearch} runs beside the search, in turns: the earliest-time sweep
 * ({@link EarliestSweep}), which can only find schedules, and the window relaxations, which can
 * only refute: one over every task, and one without the tasks of least utilization that together
 * make up at most {@link #LEFT_OUT} of the set's (leaving tasks out is a relaxation too, a weaker one
 * per window but with fewer states, so it reaches later windows). The sweep takes a turn's states
 * first, and the relaxations still open share as many after it, in this order: deterministic.
 * Each part that stops without an answer says why at INFO ({@code --verbose}): on a large set the
 * report alone cannot show that a part never ran (its counts too wide for a key, too many kernels
 * ready at once), and a user deciding between more time and another engine needs to know.
 */
public final class SideSearches {
    private static final Logger LOG = LoggerFactory.getLogger(SideSearches.class);
    /** The share of the utilization the second relaxation may leave out. */
    static final double LEFT_OUT = 0.05;
    /**
     * A sweep that has expanded this many states without emptying takes twice a turn's states: on
     * the infeasible sets of the hard-set table every sweep empties within 0.6 M, and the feasible
     * sets it decides late need 1 to 2.3 M (docs/performance.md).
     */
    public static final long LONG_SWEEP = 1_000_000;
    private final List<WindowRelaxation> open = new ArrayList<>();
    private WindowRelaxation refuted;
    private EarliestSweep sweep;
    /** The index in {@link EarliestSweep#SEQUENCE} of the sweep running. */
    private int at;
    private GreedyRuns.Run found;
    private final TaskSet ts;
    private final JobModel jm;
    private final Budget.Meter meter;
    private final LiveBound.Mutation mutation;
    private final long maxLive;
    private final boolean relax;
    private final long longSweep;
    /** Whether the parts are built: at the first turn, since most sets are decided before one runs. */
    private boolean started;

    /**
     * @param maxLive   the most states held at once, shared by the relaxations; the sweep keeps as many
     * @param relax     whether the relaxations apply (fewer kernels never take longer)
     * @param longSweep the states after which a sweep takes twice a turn ({@link #LONG_SWEEP}; tests use fewer)
     */
    public SideSearches(TaskSet ts, JobModel jm, Budget.Meter meter, LiveBound.Mutation mutation, long maxLive, boolean relax,
            long longSweep) {
        this.longSweep = longSweep;
        this.ts = ts;
        this.jm = jm;
        this.meter = meter;
        this.mutation = mutation;
        this.maxLive = maxLive;
        this.relax = relax;
    }

    private void start() {
        started = true;
        sweep = sweep(0);
        if (relax) {
            long keep = lightestLeftOut(ts);
            long each = keep == -1L ? maxLive : maxLive / 2;
            for (long k : keep == -1L ? new long[] {-1L} : new long[] {-1L, keep}) {
                open.add(new WindowRelaxation(new Oracle(ts, meter), jm, meter, mutation, each,
                        WindowRelaxation.Mutation.NONE, k));
            }
        }
    }

    /** The sweep at {@code index} of {@link EarliestSweep#SEQUENCE}, or null past its end. */
    private EarliestSweep sweep(int index) {
        at = index;
        if (index >= EarliestSweep.SEQUENCE.length) {
            return null;
        }
        int[] spec = EarliestSweep.SEQUENCE[index];
        return new EarliestSweep(ts, new Oracle(ts, meter), jm, meter, mutation, spec[0], spec[1], maxLive,
                EarliestSweep.Mutation.NONE);
    }

    /** The tasks kept when the lightest ones, at most {@link #LEFT_OUT} of the utilization in all, are left out. */
    public static long lightestLeftOut(TaskSet ts) {
        Integer[] order = new Integer[ts.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> ts.task(i).utilization()).thenComparing(i -> i));
        double budget = LEFT_OUT * ts.utilization();
        double out = 0;
        long keep = -1L;
        for (int i : order) {
            out += ts.task(i).utilization();
            if (out > budget) {
                break;
            }
            keep &= ~(1L << i);
        }
        return keep;
    }

    /** A turn of {@code states} states; true once the sweep has found a schedule or a relaxation refuted the set. */
    public boolean step(long states) {
        if (refuted != null || found != null) {
            return true;
        }
        if (!started) {
            start();
        }
        List<WindowRelaxation> now = List.copyOf(open);
        if (sweep != null) {
            EarliestSweep.Step s = sweep.step(sweep.states() >= longSweep && states <= Long.MAX_VALUE / 2
                    ? 2 * states : states);
            if (s == EarliestSweep.Step.FOUND) {
                found = sweep.schedule();
                return true;
            }
            if (s == EarliestSweep.Step.FAILED) {
                int[] spec = EarliestSweep.SEQUENCE[at];
                LOG.info("earliest-time sweep (width {}, keyed by {}) stopped after {} states: {}", spec[0],
                        spec[1] == 1 ? "count vectors" : "ready sets", sweep.states(), sweep.failedWhy());
                // The failed one's layers go with it; a wider one only if this one left kernels waiting.
                sweep = sweep(EarliestSweep.next(EarliestSweep.SEQUENCE, at, sweep.narrowed()));
            }
        }
        for (WindowRelaxation w : now) {
            WindowRelaxation.Step s = w.step(Math.max(1, states / now.size()));
            if (s == WindowRelaxation.Step.REFUTED) {
                refuted = w;
                return true;
            }
            if (s == WindowRelaxation.Step.RETIRED) {
                LOG.info("window relaxation over {} retired: {}", w.everyTask() ? "every task"
                        : "all but the lightest tasks", w.retiredWhy());
                open.remove(w);
            }
        }
        return false;
    }

    /** The states the sweep running has expanded (-1 before the first turn or after the last sweep failed). */
    public long sweepStates() {
        return sweep == null ? -1 : sweep.states();
    }

    /** The schedule the sweep found (a complete run the table checker's rules accepted), or null. */
    public GreedyRuns.Run schedule() {
        return found;
    }

    /** The refutation; only after {@link #step} returned true without a schedule. */
    public Analysis refutation(String method, Stats stats) {
        return refuted.refutation(method, stats);
    }
}
