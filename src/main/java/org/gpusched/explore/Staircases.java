package org.gpusched.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * Which staircase dynamic programs the demand bound runs (docs/explorer.md, "Slowed staircase"
 * and "Mixed staircase"): the slowed one when some kernel runs slower in company than alone, and
 * the mixed ones, which charge a parallel frame a weighted sum of its slowed head and the area of
 * its kernels, when an area dimension applies and its scaled costs cannot overflow.
 */
final class Staircases {
    /** The weights λ = num / DEN of the slowed heads in the mixed staircases (1 − λ on the area). */
    static final long[] MIXES = {1, 2, 3};
    static final long DEN = 4;

    private Staircases() { }

    /**
     * @param area     per unit, in units of 1 / capacity, or null when no area dimension applies
     * @param jobs     jobs per task in the hyperperiod
     */
    static SlowedStaircase[] of(long[] wcet, long[] slowed, long[] area, long capacity, int[] jobs, int[] taskOf,
                                LiveBound.Mutation mutation) {
        List<SlowedStaircase> out = new ArrayList<>();
        if (SlowedStaircase.matters(wcet, slowed)) {
            out.add(new SlowedStaircase(wcet, slowed, mutation == LiveBound.Mutation.SLOWED_SOLO));
        }
        if (area != null && fits(wcet, slowed, area, capacity, jobs, taskOf)) {
            long[] a = area;
            if (mutation == LiveBound.Mutation.MIXED_FULL_AREA) {
                // Unsound on purpose: each covered kernel charged twice the weight its area may have
                // (at λ = 1/2, its whole area on top of half its frame's slowed head).
                a = new long[area.length];
                for (int u = 0; u < a.length; u++) {
                    a[u] = area[u] * 2;
                }
            }
            for (long num : MIXES) {
                out.add(new SlowedStaircase(wcet, slowed, a, capacity, num, DEN, false));
            }
        }
        return out.toArray(new SlowedStaircase[0]);
    }

    /** Whether every scaled cost of the hyperperiod's kernels stays far below 2^62 (no saturation). */
    private static boolean fits(long[] wcet, long[] slowed, long[] area, long capacity, int[] jobs, int[] taskOf) {
        double total = 0;
        double slowest = 0;
        double most = 0;
        for (int u = 0; u < wcet.length; u++) {
            double m = jobs[taskOf[u]];
            total += m * ((double) wcet[u] * capacity * DEN + (double) area[u] * DEN * DEN);
            slowest = Math.max(slowest, slowed[u]);
            most = Math.max(most, m);
        }
        return total + most * slowest * capacity * DEN < 0x1p60;
    }
}
