package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

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
        EDF_SERIAL("edf-serial"),
        /** The paper's EDF-parallel: ready jobs in EDF order, each kept while the batch stays eligible. */
        EDF_PARALLEL("edf-parallel"),
        /** EDF order, a job joins only if the frame still ends by every deadline in it. */
        EDF_SAFE("greedy edf-safe"),
        /** Least laxity (deadline - wcet) first, joining only while every deadline in the frame holds. */
        LEAST_LAXITY("greedy least-laxity"),
        /** Shortest wcet first, joining while every deadline holds: packs the most jobs into short frames. */
        SHORTEST_FIRST("greedy shortest-first");

        final String words;

        Policy(String words) {
            this.words = words;
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

    GreedyRuns(Oracle oracle, JobModel jm) {
        this.oracle = oracle;
        this.jm = jm;
    }

    /** Every policy, in order; stops after the first complete run (it is the one reported). */
    List<Run> runAll() {
        List<Run> runs = new ArrayList<>();
        for (Policy p : Policy.values()) {
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
            for (long b = mask; b != 0; b &= b - 1) {
                counts[jm.taskOf[Long.numberOfTrailingZeros(b)]]++;
                done++;
            }
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
        boolean safe = p != Policy.EDF_PARALLEL;
        Oracle.OrderedBatch batch = oracle.orderedBatch();
        long deadline = Long.MAX_VALUE;
        for (int k = 0; k < r; k++) {
            int unit = order[k];
            long d = Math.min(deadline, jm.unitDeadline(unit, counts));
            if (safe && k > 0) {
                long c = oracle.completion(batch.mask() | (1L << unit));
                if (c == CompletionModel.FORBIDDEN || Ticks.add(t, c) > d) {
                    continue;
                }
            }
            if (batch.tryAppend(unit)) {
                deadline = d;
            }
        }
        return batch.mask();
    }

    /** Order of two ready units (kernels) under a policy; deadlines are the effective ones of the kernels. */
    private int compare(Policy p, int[] counts, int a, int b) {
        long da = jm.unitDeadline(a, counts);
        long db = jm.unitDeadline(b, counts);
        int c = switch (p) {
            case LEAST_LAXITY -> Long.compare(Ticks.sub(da, jm.wcet[a]), Ticks.sub(db, jm.wcet[b]));
            case SHORTEST_FIRST -> Long.compare(jm.wcet[a], jm.wcet[b]);
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
