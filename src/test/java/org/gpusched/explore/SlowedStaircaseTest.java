package org.gpusched.explore;

import org.gpusched.explore.bound.SlowedStaircase;
import org.gpusched.model.Ticks;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slowed staircase's dynamic program against its definition: the least cost over every
 * non-decreasing integer Z (enumerated) of Σ_p Z_p (s_p − s_{p+1}) + C_p max(0, m_p − Z_p), on
 * random small instances; the bound against plain serial and all-parallel costs; and the bound
 * against the least total length of every partition of a few kernels into frames (one kernel per
 * unit per frame, a lone kernel lasting its wcet, a frame of two or more within a capacity and at
 * least as long as its slowest kernel and the area of its kernels).
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
    void long_times_saturate_and_never_wrap() {
        // Times from 2^45 to 5 * 2^59 ticks: the plain sums where none can overflow, saturating ones
        // above; either way the least cost, or BEYOND where it exceeds a long.
        SplittableRandom r = new SplittableRandom(13);
        int saturated = 0;
        for (int run = 0; run < 2000; run++) {
            int n = 1 + r.nextInt(4);
            long scale = 1L << (45 + r.nextInt(15));
            long[] c = new long[n];
            long[] s = new long[n];
            long[] m = new long[n];
            for (int u = 0; u < n; u++) {
                c[u] = (1 + r.nextInt(3)) * scale;
                s[u] = c[u] + r.nextInt(3) * scale;
                m[u] = r.nextInt(9);
            }
            SlowedStaircase stairs = new SlowedStaircase(c, s, false);
            java.math.BigInteger exact = bigBruteForce(c, s, m);
            long expected = exact.bitLength() <= 63 ? exact.longValueExact() : Ticks.BEYOND;
            saturated += expected == Ticks.BEYOND ? 1 : 0;
            assertThat(stairs.need(m)).as("run %d: m %s", run, java.util.Arrays.toString(m)).isEqualTo(expected);
        }
        assertThat(saturated).as("instances whose least cost exceeds a long").isBetween(50, 1950);
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
    void the_bound_never_exceeds_a_schedule_of_the_kernels() {
        SplittableRandom r = new SplittableRandom(11);
        for (int run = 0; run < 1500; run++) {
            int n = 1 + r.nextInt(4);
            long[] c = new long[n];
            long[] s = new long[n];
            long[] use = new long[n];
            long[] m = new long[n];
            long k = 2 + r.nextInt(8);
            for (int u = 0; u < n; u++) {
                c[u] = 1 + r.nextInt(20);
                s[u] = c[u] + r.nextInt(20);
                use[u] = 1 + r.nextInt((int) k);
                m[u] = r.nextInt(3);
            }
            long least = schedules(c, s, use, k, m);
            assertThat(new SlowedStaircase(c, s, false).need(m)).as("run %d", run).isLessThanOrEqualTo(least);
        }
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

    /** As {@link #bruteForce}, in exact integers. */
    private static java.math.BigInteger bigBruteForce(long[] c, long[] s, long[] m) {
        int n = c.length;
        Integer[] order = new Integer[n];
        for (int u = 0; u < n; u++) {
            order[u] = u;
        }
        java.util.Arrays.sort(order, (a, b) -> s[a] != s[b] ? Long.compare(s[b], s[a]) : Integer.compare(a, b));
        long top = java.util.Arrays.stream(m).max().orElse(0);
        return bigBest(order, c, s, m, 0, 0, top);
    }

    private static java.math.BigInteger bigBest(Integer[] order, long[] c, long[] s, long[] m, int p, long lowest,
                                                long top) {
        if (p == order.length) {
            return java.math.BigInteger.ZERO;
        }
        int u = order[p];
        java.math.BigInteger step = java.math.BigInteger.valueOf(s[u] - (p + 1 < order.length ? s[order[p + 1]] : 0));
        java.math.BigInteger min = null;
        for (long z = lowest; z <= top; z++) {
            java.math.BigInteger cost = step.multiply(java.math.BigInteger.valueOf(z))
                    .add(java.math.BigInteger.valueOf(c[u]).multiply(java.math.BigInteger.valueOf(Math.max(0, m[u] - z))))
                    .add(bigBest(order, c, s, m, p + 1, z, top));
            min = min == null || cost.compareTo(min) < 0 ? cost : min;
        }
        return min;
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
