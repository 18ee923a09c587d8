package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shortcut for a saturated core is a theorem about every equation of the family: where
 * {@link Saturation#above} names a task, f(R) > R for every R, so the iteration it replaces could
 * never have stopped at a fixed point. Checked directly on random small systems (every R up to 300,
 * higher-priority response times anywhere from their own work to their deadline), and end to end:
 * with the shortcut, the result equals the one of the full iteration on systems small enough for it.
 */
class SaturationTest {
    private static final int CASES = Integer.getInteger("gpusched.propertySets", 2500) / 5;

    private static RtaWorkload random(Random rnd) {
        int n = 2 + rnd.nextInt(4);
        List<RtaTask> ts = new ArrayList<>();
        List<Integer> cpuPrio = new ArrayList<>();
        List<Integer> gpuPrio = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            cpuPrio.add(k);
            gpuPrio.add(k);
        }
        java.util.Collections.shuffle(cpuPrio, rnd);
        java.util.Collections.shuffle(gpuPrio, rnd);
        for (int k = 0; k < n; k++) {
            long period = 1 + rnd.nextInt(40);
            boolean gpu = rnd.nextBoolean();
            List<Long> cpu = new ArrayList<>();
            List<GpuSegment> segs = new ArrayList<>();
            cpu.add((long) rnd.nextInt((int) period + 1));
            if (gpu) {
                segs.add(new GpuSegment(rnd.nextInt(3), 1 + rnd.nextInt(3)));
                cpu.add((long) rnd.nextInt(3));
            }
            if (cpu.stream().mapToLong(Long::longValue).sum() + segs.stream().mapToLong(GpuSegment::total).sum() == 0) {
                cpu.set(0, 1L);
            }
            ts.add(new RtaTask("t" + k, period, period, cpu, segs, rnd.nextInt(2), cpuPrio.get(k), gpuPrio.get(k), false));
        }
        return new RtaWorkload(ts, new RtaPlatform(2, 2, 1, 1));
    }

    @Test
    void where_a_core_is_saturated_above_a_task_no_equation_has_a_fixed_point() {
        Random rnd = new Random(26);
        int saturated = 0;
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = random(rnd);
            int[] order = ResponseTimeAnalysis.givenOrder(w);
            int[] rank = new int[order.length];
            for (int r = 0; r < order.length; r++) {
                rank[order[r]] = r;
            }
            for (RtaMethod m : RtaMethod.values()) {
                for (Variant v : List.of(Variant.PAPER, Variant.SAFE)) {
                    AnalysisState x = new AnalysisState(w, v, rank, () -> { }, true);
                    for (int h = 0; h < x.n; h++) {
                        long own = SaturatingTime.add(x.c[h] + x.g[h], x.star(h));
                        long r = own + rnd.nextInt(5);
                        x.rCpu[h] = r;
                        x.rGpu[h] = r;
                    }
                    ResponseEquation a = ResponseEquation.of(m);
                    for (int i = 0; i < x.n; i++) {
                        if (Saturation.above(x, i) == null) {
                            continue;
                        }
                        saturated++;
                        for (long r = 0; r <= 300; r++) {
                            assertThat(a.rhs(x, i, r)).as("%s %s task %d R=%d", m, v, i, r).isGreaterThan(r);
                        }
                    }
                }
            }
        }
        assertThat(saturated).as("saturated tasks met").isGreaterThan(CASES / 10);
    }

    @Test
    void the_shortcut_gives_the_iterations_answer() {
        Random rnd = new Random(27);
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = random(rnd);
            for (RtaMethod m : RtaMethod.values()) {
                for (Variant v : List.of(Variant.PAPER, Variant.SAFE)) {
                    for (GpuPriorityMode mode : GpuPriorityMode.values()) {
                        RtaResult fast = ResponseTimeAnalysis.analyze(w, m, mode, v, () -> { }, true);
                        RtaResult full = ResponseTimeAnalysis.analyze(w, m, mode, v, () -> { }, false);
                        assertThat(fast).as("%s %s %s %s", m, v, mode, w).isEqualTo(full);
                    }
                }
            }
        }
    }
}
