package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** sbf and tsup on plans computed by hand (time-partitioning.md step 1), and their properties. */
class SupplyTest {
    private static Supply plan(long maf, long overhead, long... startLength) {
        List<Platform.Window> ws = new ArrayList<>();
        for (int i = 0; i < startLength.length; i += 2) {
            ws.add(new Platform.Window(startLength[i], startLength[i + 1], OptionalInt.empty()));
        }
        Platform.TimePartitions tp = new Platform.TimePartitions(maf, overhead,
                List.of(new Platform.Partition("P", ws)));
        return Supply.of(tp, "P", 0);
    }

    static long tsup(Supply s, long w) {
        return s.tsup(w, () -> { });
    }

    /**
     * sbf(t): the least supply in any interval of length t, the bound tsup inverts. The worst phase
     * starts where supply stops, i.e. at the end of an available interval, so the minimum over those
     * ends is exact.
     */
    static long sbf(Supply s, long t) {
        if (s.intervals().isEmpty() || t <= 0) {
            return 0;
        }
        return s.intervals().stream().mapToLong(i -> supplyFrom(s, i.end() % s.majorFrame(), t)).min().orElseThrow();
    }

    /** Supply in [x, x + t) for a phase x in [0, majorFrame). */
    static long supplyFrom(Supply s, long x, long t) {
        if (t <= 0) {
            return 0;
        }
        long full = Ticks.mul(t / s.majorFrame(), s.perFrame());
        long r = t % s.majorFrame();
        long part = 0;
        for (long shift : new long[] {0, s.majorFrame()}) {
            for (Supply.Interval i : s.intervals()) {
                long a = Math.max(i.start() + shift, x);
                long b = Math.min(i.end() + shift, x + r);
                part += Math.max(0, b - a);
            }
        }
        return Ticks.add(full, part);
    }

    @Test
    void one_window() {
        Supply s = plan(10, 0, 0, 4); // worst phase: the 6-tick gap after the window
        assertThat(List.of(sbf(s, 6), sbf(s, 7), sbf(s, 10), sbf(s, 16), sbf(s, 17)))
                .containsExactly(0L, 1L, 4L, 4L, 5L);
        assertThat(List.of(tsup(s, 1), tsup(s, 4), tsup(s, 5), tsup(s, 8))).containsExactly(7L, 10L, 17L, 20L);
        assertThat(tsup(s, 0)).isZero();
    }

    @Test
    void two_windows_symmetric() {
        Supply s = plan(10, 0, 0, 2, 5, 2); // gaps of 3 after each window
        assertThat(List.of(sbf(s, 3), sbf(s, 4), sbf(s, 5), sbf(s, 8), sbf(s, 9), sbf(s, 10)))
                .containsExactly(0L, 1L, 2L, 2L, 3L, 4L);
        assertThat(List.of(tsup(s, 1), tsup(s, 2), tsup(s, 3), tsup(s, 4), tsup(s, 5)))
                .containsExactly(4L, 5L, 9L, 10L, 14L);
    }

    @Test
    void two_windows_asymmetric_worst_phase_differs_per_demand() {
        // [0,1) and [3,5): after the end at 1 a gap of 2, after the end at 5 a gap of 5.
        Supply s = plan(10, 0, 0, 1, 3, 2);
        assertThat(List.of(sbf(s, 5), sbf(s, 6), sbf(s, 8), sbf(s, 9))).containsExactly(0L, 1L, 1L, 2L);
        assertThat(List.of(tsup(s, 1), tsup(s, 2), tsup(s, 3))).containsExactly(6L, 9L, 10L);
    }

    @Test
    void switch_overhead_shrinks_every_window_at_its_start() {
        Supply s = plan(10, 1, 0, 4); // available [1,4)
        assertThat(s.perFrame()).isEqualTo(3);
        assertThat(List.of(sbf(s, 7), sbf(s, 8), sbf(s, 10))).containsExactly(0L, 1L, 3L);
        assertThat(List.of(tsup(s, 3), tsup(s, 4))).containsExactly(10L, 18L);
    }

    @Test
    void whole_frame_and_no_plan_supply_everything() {
        Supply s = plan(10, 0, 0, 10);
        for (long t = 0; t < 40; t++) {
            assertThat(sbf(s, t)).isEqualTo(t);
            assertThat(tsup(s, t)).isEqualTo(t);
            assertThat(tsup(Supply.FULL, t)).isEqualTo(t);
        }
    }

    @Test
    void windows_on_another_core_supply_nothing() {
        Platform.TimePartitions tp = new Platform.TimePartitions(10, 0, List.of(new Platform.Partition("P",
                List.of(new Platform.Window(0, 5, OptionalInt.of(1))))));
        assertThat(tsup(Supply.of(tp, "P", 0), 1)).isEqualTo(Ticks.BEYOND);
        assertThat(tsup(Supply.of(tp, "P", 1), 1)).isEqualTo(6);
    }

    /** Random plans: sbf is the minimum over every phase (brute force), and adding a window never lowers it. */
    @Test
    void sbf_is_the_worst_phase_and_adding_a_window_never_lowers_supply() {
        Random rnd = new Random(11);
        for (int c = 0; c < 400; c++) {
            long maf = 5 + rnd.nextInt(20);
            boolean[] free = new boolean[(int) maf];
            java.util.Arrays.fill(free, true);
            List<long[]> ws = new ArrayList<>();
            long overhead = rnd.nextInt(2);
            for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
                long[] w = freeWindow(rnd, free, overhead);
                if (w != null) {
                    ws.add(w);
                }
            }
            if (ws.isEmpty()) {
                continue;
            }
            Supply s = plan(maf, overhead, flat(ws));
            for (long t = 0; t <= 3 * maf; t++) {
                long brute = Long.MAX_VALUE;
                for (long x = 0; x < maf; x++) {
                    brute = Math.min(brute, supplyFrom(s, x, t));
                }
                assertThat(sbf(s, t)).as("case %d t %d", c, t).isEqualTo(brute);
                if (sbf(s, t) > 0) {
                    assertThat(tsup(s, sbf(s, t))).isLessThanOrEqualTo(t);
                }
            }
            long[] extra = freeWindow(rnd, free, overhead);
            if (extra == null) {
                continue;
            }
            ws.add(extra);
            Supply more = plan(maf, overhead, flat(ws));
            for (long t = 0; t <= 3 * maf; t++) {
                assertThat(sbf(more, t)).isGreaterThanOrEqualTo(sbf(s, t));
                assertThat(tsup(more, t)).isLessThanOrEqualTo(tsup(s, t));
            }
        }
    }

    private static long[] flat(List<long[]> ws) {
        return ws.stream().flatMapToLong(java.util.Arrays::stream).toArray();
    }

    /** A window on free ticks (length > overhead), marked taken; null when none fits. */
    private static long[] freeWindow(Random rnd, boolean[] free, long overhead) {
        for (int tries = 0; tries < 10; tries++) {
            int start = rnd.nextInt(free.length);
            int len = 1 + rnd.nextInt(Math.max(1, free.length / 3));
            if (len <= overhead || start + len > free.length) {
                continue;
            }
            boolean ok = true;
            for (int i = start; i < start + len; i++) {
                ok &= free[i];
            }
            if (ok) {
                for (int i = start; i < start + len; i++) {
                    free[i] = false;
                }
                return new long[] {start, len};
            }
        }
        return null;
    }
}
