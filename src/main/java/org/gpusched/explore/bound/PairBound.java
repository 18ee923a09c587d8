package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

/**
 * A necessary condition for a state to have any feasible future, from pairs of ready jobs that
 * cannot share a frame. If jobs i and j must run in different frames, whichever runs second ends
 * at t + C_i + C_j or later, so the state is dead unless t + C_i + C_j <= max(d_i, d_j). They
 * must be apart when their kernels never fit together (resource sums, which only grow), or, when
 * completion times are monotone in the set, when even the pair alone ends after min(d_i, d_j).
 * Sound, so the verdict stays exact; it lets the search drop doomed states frames earlier.
 */
final class PairBound {
    private final JobModel jm;
    private final boolean[][] apart;
    private final long[][] pairCompletion;
    private final boolean monotone;
    // Scratch space for one call; a PairBound belongs to one single-threaded engine.
    private final int[] idx;
    private final long[] dl;

    /** @param alwaysApart a deliberately broken rule for the mutation check (see {@link LiveBound.Mutation}) */
    PairBound(Oracle oracle, JobModel jm, boolean alwaysApart) {
        this.jm = jm;
        int n = jm.units;
        apart = new boolean[n][n];
        pairCompletion = new long[n][n];
        monotone = oracle.monotoneCompletion();
        idx = new int[n];
        dl = new long[n];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                apart[i][j] = alwaysApart || oracle.neverTogether(i, j);
                pairCompletion[i][j] = oracle.completion((1L << i) | (1L << j));
            }
        }
    }

    /**
     * The latest start time at which the state is still alive: no ready job is too late even
     * alone (the dead-state rule) and no pair of ready jobs rules it out. One pass, since this is
     * asked for every successor group.
     */
    long latestStart(int[] counts, long ready) {
        int r = 0;
        for (long a = ready; a != 0; a &= a - 1) {
            int i = Long.numberOfTrailingZeros(a);
            idx[r] = i;
            dl[r++] = jm.unitDeadline(i, counts);
        }
        long limit = Long.MAX_VALUE;
        for (int x = 0; x < r; x++) {
            int i = idx[x];
            long di = dl[x];
            long ci = jm.wcet[i];
            limit = Math.min(limit, di - ci);
            for (int y = x + 1; y < r; y++) {
                int j = idx[y];
                long dj = dl[y];
                // Saturating: two huge wcets must not wrap around into a late start that looks alive.
                long serial = Ticks.sub(Ticks.sub(Math.max(di, dj), ci), jm.wcet[j]);
                if (apart[i][j]) {
                    limit = Math.min(limit, serial);
                } else if (monotone) {
                    // Dead when they cannot share (pair alone too late) and cannot follow each other.
                    limit = Math.min(limit, Math.max(Ticks.sub(Math.min(di, dj), pairCompletion[i][j]), serial));
                }
            }
        }
        return limit;
    }
}
