package org.gpusched.explore;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slowed staircase's dynamic program against its definition: the least cost over every
 * non-decreasing integer Z (enumerated) of Σ_p Z_p (s_p − s_{p+1}) + C_p max(0, m_p − Z_p), on
 * random small instances; and the bound against plain serial and all-parallel costs.
 */
class SlowedStaircaseTest {
    @Test
    void the_dynamic_program_finds_the_least_relaxed_cost() {
        SplittableRandom r = new SplittableRandom(7);
        for (int run = 0; run < 2000; run++) {
            int n = 1 + r.nextInt(5);
            long[] c = new long[n];
            long[] s = new long[n];
            long[] m = new long[n];
            for (int u = 0; u < n; u++) {
                c[u] = 1 + r.nextInt(20);
                s[u] = c[u] + r.nextInt(20);
                m[u] = r.nextInt(4);
            }
            SlowedStaircase stairs = new SlowedStaircase(c, s, false);
            long expected = bruteForce(c, s, m);
            assertThat(stairs.need(m)).as("run %d", run).isEqualTo(expected);
            assertThat(stairs.upper(m)).isGreaterThanOrEqualTo(expected);
        }
    }

    @Test
    void many_similar_kernels_cost_their_slowed_time_once_per_frame() {
        // Four kernels of 10 slowed to 18, two jobs each: two parallel frames (36) beat 80 alone;
        // the plain staircase would say 20.
        long[] c = {10, 10, 10, 10};
        long[] s = {18, 18, 18, 18};
        assertThat(new SlowedStaircase(c, s, false).need(new long[] {2, 2, 2, 2})).isEqualTo(36);
        // One kernel due: a lone frame.
        assertThat(new SlowedStaircase(c, s, false).need(new long[] {0, 3, 0, 0})).isEqualTo(30);
        // The mutation charges the lone frames their slowed time.
        assertThat(new SlowedStaircase(c, s, true).need(new long[] {0, 3, 0, 0})).isEqualTo(54);
    }

    /** Units sorted by s descending (index on ties), every non-decreasing Z in [0, max m] tried. */
    private static long bruteForce(long[] c, long[] s, long[] m) {
        int n = c.length;
        Integer[] order = new Integer[n];
        for (int u = 0; u < n; u++) {
            order[u] = u;
        }
        java.util.Arrays.sort(order, (a, b) -> s[a] != s[b] ? Long.compare(s[b], s[a]) : Integer.compare(a, b));
        long top = 0;
        for (long x : m) {
            top = Math.max(top, x);
        }
        return best(order, c, s, m, 0, 0, top);
    }

    private static long best(Integer[] order, long[] c, long[] s, long[] m, int p, long lowest, long top) {
        if (p == order.length) {
            return 0;
        }
        int u = order[p];
        long step = s[u] - (p + 1 < order.length ? s[order[p + 1]] : 0);
        long min = Long.MAX_VALUE;
        for (long z = lowest; z <= top; z++) {
            long cost = z * step + c[u] * Math.max(0, m[u] - z) + best(order, c, s, m, p + 1, z, top);
            min = Math.min(min, cost);
        }
        return min;
    }
}
