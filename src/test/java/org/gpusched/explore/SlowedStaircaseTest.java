package org.gpusched.explore;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slowed staircase's dynamic program against its definition: the least cost over every
 * non-decreasing integer Z (enumerated) of Σ_p Z_p (s_p − s_{p+1}) + C_p max(0, m_p − Z_p), on
 * random small instances; and the bound against plain serial and all-parallel costs. The mixed
 * staircase likewise against its definition, and against the least total length of every
 * partition of a few kernels into frames (one kernel per unit per frame, a frame of two or more
 * within the capacity and at least as long as its slowest kernel and its area).
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

    @Test
    void the_mixed_program_finds_the_least_relaxed_cost_and_never_exceeds_a_schedule() {
        SplittableRandom r = new SplittableRandom(11);
        for (int run = 0; run < 1500; run++) {
            int n = 1 + r.nextInt(4);
            long[] c = new long[n];
            long[] s = new long[n];
            long[] use = new long[n];
            long[] area = new long[n];
            long[] m = new long[n];
            long k = 2 + r.nextInt(8);
            for (int u = 0; u < n; u++) {
                c[u] = 1 + r.nextInt(20);
                s[u] = c[u] + r.nextInt(20);
                use[u] = 1 + r.nextInt((int) k);
                area[u] = Math.min(c[u] * k, use[u] * s[u]);
                m[u] = r.nextInt(3);
            }
            long least = schedules(c, s, use, k, m);
            for (long num = 0; num <= 4; num++) {
                SlowedStaircase mixed = new SlowedStaircase(c, s, area, k, num, 4, false);
                long[] cover = new long[n];
                for (int u = 0; u < n; u++) {
                    cover[u] = (4 - num) * area[u];
                }
                long scaled = bruteForce(c, s, m, cover, num * k, 4 * k);
                long expected = (scaled + 4 * k - 1) / (4 * k);
                assertThat(mixed.need(m)).as("run %d, λ = %d/4", run, num).isEqualTo(expected);
                assertThat(mixed.upper(m)).isGreaterThanOrEqualTo(expected);
                assertThat(expected).as("run %d: a schedule of %d", run, least).isLessThanOrEqualTo(least);
            }
        }
    }

    @Test
    void a_mixed_program_sees_more_than_the_slowed_staircase_and_the_area() {
        // Three kernels, K = 7: usages 1, 5, 4, so areas (in 1/7) min(7 C, u s) = 12, 95, 49.
        long[] c = {7, 16, 7};
        long[] s = {12, 19, 21};
        long[] area = {12, 95, 49};
        long[] m = {1, 2, 1};
        assertThat(new SlowedStaircase(c, s, false).need(m)).isEqualTo(37);
        long areaBound = (12 + 2 * 95 + 49 + 6) / 7;
        assertThat(areaBound).isEqualTo(36);
        long mixed = 0;
        for (long num = 1; num <= 3; num++) {
            mixed = Math.max(mixed, new SlowedStaircase(c, s, area, 7, num, 4, false).need(m));
        }
        assertThat(mixed).isEqualTo(38);
    }

    /** The least total length over every partition of the kernels into frames (see the class comment). */
    private static long schedules(long[] c, long[] s, long[] use, long k, long[] m) {
        List<Integer> kernels = new ArrayList<>();
        for (int u = 0; u < m.length; u++) {
            for (int j = 0; j < m[u]; j++) {
                kernels.add(u);
            }
        }
        return partitions(kernels, 0, new ArrayList<>(), c, s, use, k);
    }

    private static long partitions(List<Integer> kernels, int next, List<List<Integer>> frames, long[] c, long[] s,
                                   long[] use, long k) {
        if (next == kernels.size()) {
            long total = 0;
            for (List<Integer> f : frames) {
                if (f.size() == 1) {
                    total += c[f.get(0)];
                    continue;
                }
                long slowest = 0;
                long usage = 0;
                long energy = 0;
                for (int u : f) {
                    slowest = Math.max(slowest, s[u]);
                    usage += use[u];
                    energy += use[u] * s[u];
                }
                if (usage > k) {
                    return Long.MAX_VALUE;
                }
                total += Math.max(slowest, (energy + k - 1) / k);
            }
            return total;
        }
        int u = kernels.get(next);
        long best = Long.MAX_VALUE;
        for (int x = 0; x < frames.size(); x++) {
            List<Integer> f = frames.get(x);
            if (!f.contains(u)) {
                f.add(u);
                best = Math.min(best, partitions(kernels, next + 1, frames, c, s, use, k));
                f.remove(f.size() - 1);
            }
        }
        List<Integer> fresh = new ArrayList<>(List.of(u));
        frames.add(fresh);
        best = Math.min(best, partitions(kernels, next + 1, frames, c, s, use, k));
        frames.remove(frames.size() - 1);
        return best;
    }

    /** Units sorted by s descending (index on ties), every non-decreasing Z in [0, max m] tried. */
    private static long bruteForce(long[] c, long[] s, long[] m) {
        return bruteForce(c, s, m, new long[c.length], 1, 1);
    }

    /** The same with each covered kernel charged {@code cover}, steps weighted by {@code stepWeight}, lone frames by {@code scale}. */
    private static long bruteForce(long[] c, long[] s, long[] m, long[] cover, long stepWeight, long scale) {
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
        return best(order, c, s, m, cover, stepWeight, scale, 0, 0, top);
    }

    private static long best(Integer[] order, long[] c, long[] s, long[] m, long[] cover, long stepWeight, long scale,
                             int p, long lowest, long top) {
        if (p == order.length) {
            return 0;
        }
        int u = order[p];
        long step = s[u] - (p + 1 < order.length ? s[order[p + 1]] : 0);
        long min = Long.MAX_VALUE;
        for (long z = lowest; z <= top; z++) {
            long cost = z * step * stepWeight + scale * c[u] * Math.max(0, m[u] - z) + cover[u] * Math.min(m[u], z)
                    + best(order, c, s, m, cover, stepWeight, scale, p + 1, z, top);
            min = Math.min(min, cost);
        }
        return min;
    }
}
