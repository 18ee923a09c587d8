package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Witness first: cheap greedy PBS policies simulated before the search. Each one
 * picks, at every frame start, one eligible set of ready jobs (the oldest unfinished job per
 * task), exactly as an edge of the scheduling graph does; a run that gets through the whole
 * hyperperiod without a frame ending after a deadline in it is therefore a path of the graph to
 * a final state, i.e. a PBS schedule, and the set is schedulable. A run that fails leaves the
 * prefix before its first miss, which seeds the depth-first search (see {@link Expander#start}).
 * Every run is a few hundred frames of O(n log n) work, so all of them cost less than expanding a
 * handful of vertices.
 */
public final class GreedyRuns {

    /** The policies, tried in this order; the first that schedules the set is reported. */
    enum Policy {
        /** The paper's EDF-serial: the most urgent ready job alone. */
        EDF_SERIAL("edf-serial", false),
        /** The paper's EDF-parallel: ready jobs in EDF order, each kept while the batch stays eligible. */
        EDF_PARALLEL("edf-parallel", false),
        /** EDF order, a job joins only if the frame still ends by every deadline in it. */
        EDF_SAFE("greedy edf-safe", false),
        /** Least laxity (deadline - wcet) first, joining only while every deadline in the frame holds. */
        LEAST_LAXITY("greedy least-laxity", false),
        /** Shortest wcet first, joining while every deadline holds: packs the most jobs into short frames. */
        SHORTEST_FIRST("greedy shortest-first", false),
        /**
         * EDF-safe, looking one frame ahead: a kernel joins only if the state the frame leads to is
         * alive by the explorer's bounds (every kernel then ready, left out now or released meanwhile,
         * can still end by its deadline; no pair and no demand bound rules it out). The first kernel
         * is the most urgent whose frame alone passes (the most urgent if none does). Run only where
         * the five above fail, and never a seed.
         */
        LOOK_AHEAD("greedy look-ahead", true),
        /** The same, in least-laxity order. */
        LOOK_AHEAD_LAXITY("greedy look-ahead least-laxity", true),
        /** The same, shortest wcet first. */
        LOOK_AHEAD_SHORT("greedy look-ahead shortest-first", true);

        final String words;
        final boolean ahead;

        Policy(String words, boolean ahead) {
            this.words = words;
            this.ahead = ahead;
        }
    }

    /**
     * One simulated run: the frames as (start, task mask) pairs, up to the end of the hyperperiod
     * when {@code complete}, else up to (excluding) the first frame that would miss a deadline.
     */
    public record Run(Policy policy, boolean complete, long[] starts, long[] masks) {
        public int frames() {
            return starts.length;
        }
    }

    private final Oracle oracle;
    private final JobModel jm;

    /** The explorer's bounds, built at the first look-ahead: most sets are decided before one runs. */
    private final Supplier<LiveBound> bounds;
    private LiveBound live;

    /** @param bounds the explorer's bounds, which the look-ahead policies test each frame's end against */
    GreedyRuns(Oracle oracle, JobModel jm, Supplier<LiveBound> bounds) {
        this.oracle = oracle;
        this.jm = jm;
        this.bounds = bounds;
    }

    /**
     * Every policy, in order (the look-ahead ones only with the bounds); stops after the first
     * complete run (it is the one reported).
     */
    List<Run> runAll() {
        List<Run> runs = new ArrayList<>();
        for (Policy p : Policy.values()) {
            if (p.ahead && bounds == null) {
                continue;
            }
            Run r = run(p);
            runs.add(r);
            if (r.complete()) {
                break;
            }
        }
        return runs;
    }

    Run run(Policy p) {
        int[] counts = new int[jm.n];
        long[] starts = new long[jm.totalKernels];
        long[] masks = new long[jm.totalKernels];
        int frames = 0;
        int done = 0;
        long t = 0;
        Integer[] order = new Integer[jm.units];
        while (done < jm.totalKernels) {
            long ready = jm.readyAt(counts, t);
            if (ready == 0) {
                // Idle until the next release (Algorithm 4; the table checker's back-to-back rule).
                t = jm.nextArrival(counts);
                continue;
            }
            long mask = choose(p, counts, t, ready, order);
            long end = Ticks.add(t, oracle.completion(mask));
            if (end > jm.minDeadline(counts, mask)) {
                return new Run(p, false, Arrays.copyOf(starts, frames), Arrays.copyOf(masks, frames));
            }
            starts[frames] = t;
            masks[frames++] = mask;
            done += jm.count(counts, mask, 1);
            t = end;
        }
        return new Run(p, true, Arrays.copyOf(starts, frames), Arrays.copyOf(masks, frames));
    }

    /** A non-empty eligible set of ready units, at most one kernel per task (a lone kernel is always eligible). */
    private long choose(Policy p, int[] counts, long t, long ready, Integer[] order) {
        int r = 0;
        for (long b = ready; b != 0; b &= b - 1) {
            order[r++] = Long.numberOfTrailingZeros(b);
        }
        Arrays.sort(order, 0, r, (a, b) -> compare(p, counts, a, b));
        if (p == Policy.EDF_SERIAL) {
            return 1L << order[0];
        }
        if (p.ahead && !leavesNoneBehind(counts, t, 1L << order[0])) {
            for (int k = 1; k < r; k++) {
                if (leavesNoneBehind(counts, t, 1L << order[k])) {
                    int first = order[k];
                    System.arraycopy(order, 0, order, 1, k);
                    order[0] = first;
                    break;
                }
            }
        }
        boolean safe = p != Policy.EDF_PARALLEL;
        Oracle.OrderedBatch batch = oracle.orderedBatch();
        long deadline = Long.MAX_VALUE;
        for (int k = 0; k < r; k++) {
            int unit = order[k];
            long d = Math.min(deadline, jm.unitDeadline(unit, counts));
            if (safe && k > 0) {
                long c = oracle.completion(batch.mask() | (1L << unit));
                if (c == CompletionModel.FORBIDDEN || Ticks.add(t, c) > d
                        || p.ahead && !leavesNoneBehind(counts, t, batch.mask() | (1L << unit))) {
                    continue;
                }
            }
            if (batch.tryAppend(unit)) {
                deadline = d;
            }
        }
        return batch.mask();
    }

    /**
     * Whether the state a frame of {@code mask} from t leads to is still alive by the explorer's own
     * rules ({@link LiveBound}: no kernel then ready too late even alone, no pair ruled out, the
     * demand bound), so a long frame that starves a kernel released meanwhile is not chosen.
     */
    private boolean leavesNoneBehind(int[] counts, long t, long mask) {
        oracle.poll(); // the bounds are O(n^2) a call: the time limit must still bind
        long c = oracle.completion(mask);
        if (c == CompletionModel.FORBIDDEN) {
            return false;
        }
        long end = Ticks.add(t, c);
        int[] after = counts.clone(); // a fresh array each time: the bound's memo keeps it
        jm.count(after, mask, 1);
        if (live == null) {
            live = bounds.get();
        }
        return end <= live.latestStart(after, Arrays.hashCode(after), jm.readyAt(after, end));
    }

    /** Order of two ready units (kernels) under a policy; deadlines are the effective ones of the kernels. */
    private int compare(Policy p, int[] counts, int a, int b) {
        long da = jm.unitDeadline(a, counts);
        long db = jm.unitDeadline(b, counts);
        int c = switch (p) {
            case LEAST_LAXITY, LOOK_AHEAD_LAXITY -> Long.compare(Ticks.sub(da, jm.wcet[a]), Ticks.sub(db, jm.wcet[b]));
            case SHORTEST_FIRST, LOOK_AHEAD_SHORT -> Long.compare(jm.wcet[a], jm.wcet[b]);
            default -> 0;
        };
        if (c != 0) {
            return c;
        }
        // EDF order as the baselines have it: deadline, then arrival, then task index.
        c = Long.compare(da, db);
        if (c != 0) {
            return c;
        }
        int ta = jm.taskOf[a];
        int tb = jm.taskOf[b];
        c = Long.compare(jm.readyTime(ta, counts[ta]), jm.readyTime(tb, counts[tb]));
        return c != 0 ? c : Integer.compare(a, b);
    }
}
