package org.gpusched.explore;

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

    PairBound(Oracle oracle, JobModel jm) {
        this.jm = jm;
        int n = jm.n;
        apart = new boolean[n][n];
        pairCompletion = new long[n][n];
        monotone = oracle.monotoneCompletion();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                apart[i][j] = oracle.neverTogether(i, j);
                pairCompletion[i][j] = oracle.completion((1L << i) | (1L << j));
            }
        }
    }

    /** The latest start time at which no pair of ready jobs rules the state out. */
    long latestStart(int[] counts, long ready) {
        long limit = Long.MAX_VALUE;
        for (long a = ready; a != 0; a &= a - 1) {
            int i = Long.numberOfTrailingZeros(a);
            long di = jm.deadline(i, counts[i]);
            for (long b = a & (a - 1); b != 0; b &= b - 1) {
                int j = Long.numberOfTrailingZeros(b);
                long dj = jm.deadline(j, counts[j]);
                long serial = Math.max(di, dj) - jm.wcet[i] - jm.wcet[j];
                if (apart[i][j]) {
                    limit = Math.min(limit, serial);
                } else if (monotone) {
                    // Dead when they cannot share (pair alone too late) and cannot follow each other.
                    limit = Math.min(limit, Math.max(Math.min(di, dj) - pairCompletion[i][j], serial));
                }
            }
        }
        return limit;
    }
}
