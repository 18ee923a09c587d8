package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpusched.model.KernelKind.CACHE;
import static org.gpusched.model.KernelKind.COMPUTE;
import static org.gpusched.model.KernelKind.MEMORY;
import static org.gpusched.model.KernelKind.SHARED;
import static org.gpusched.model.KernelKind.SPIN;

/** The simulated device's contention model: fluid sharing of the GPU's resources by kernel kind. */
class FluidContentionTest {
    private static final FluidContention C = FluidContention.DEFAULT;

    private static long span(long[] w, KernelKind... k) {
        return C.makespan(w, k);
    }

    @Test
    void same_kind_kernels_slow_each_other_by_their_summed_demand() {
        assertThat(span(new long[] {100, 100}, MEMORY, MEMORY)).isEqualTo(180);
        assertThat(span(new long[] {100, 100}, CACHE, CACHE)).isEqualTo(140);
        assertThat(span(new long[] {100, 100}, SHARED, SHARED)).isEqualTo(120);
        assertThat(span(new long[] {100, 100, 100}, COMPUTE, COMPUTE, COMPUTE)).isEqualTo(105);
        assertThat(span(new long[] {100, 100}, COMPUTE, COMPUTE)).isEqualTo(100);
        assertThat(span(new long[] {100, 100}, MEMORY, COMPUTE)).isEqualTo(100);
        assertThat(span(new long[] {100, 100}, SPIN, SPIN)).isEqualTo(100);
    }

    @Test
    void a_shorter_kernel_releases_its_share_when_it_ends() {
        // Both at 1/1.8 until the short one has done 50 (t = 90); the long one then has 50 left at full speed.
        assertThat(span(new long[] {50, 100}, MEMORY, MEMORY)).isEqualTo(140);
    }

    @Test
    void never_below_the_longest_kernel_nor_above_the_sum_of_slowed_kernels() {
        Random r = new Random(29);
        KernelKind[] all = KernelKind.values();
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + r.nextInt(5);
            long[] w = new long[n];
            KernelKind[] k = new KernelKind[n];
            long max = 0;
            long sum = 0;
            for (int i = 0; i < n; i++) {
                w[i] = 1 + r.nextInt(1000);
                k[i] = all[r.nextInt(all.length)];
                max = Math.max(max, w[i]);
                sum += w[i];
            }
            long s = C.makespan(w, k);
            assertThat(s).as("trial %d", trial).isGreaterThanOrEqualTo(max).isLessThanOrEqualTo((long) Math.ceil(sum * 1.8 * n));
            assertThat(C.makespan(w, k)).isEqualTo(s);
        }
    }

    @Test
    void the_simulated_device_adds_contention_to_the_workload_s_own_model() {
        TaskSet ts = new TaskSetReader(true).read("w.json", """
                {"formatVersion": 1, "tasks": [
                  {"name": "a", "period": 100, "deadline": 100, "wcet": 10, "kernel": {"blocks": 1, "threadsPerBlock": 32, "kind": "memory"}},
                  {"name": "b", "period": 100, "deadline": 100, "wcet": 10, "kernel": {"blocks": 1, "threadsPerBlock": 32, "kind": "memory"}},
                  {"name": "c", "period": 100, "deadline": 100, "wcet": 12, "kernel": {"blocks": 1, "threadsPerBlock": 32}}],
                 "interference": {"model": "slowdown", "factors": {"c": 1.5}}}
                """);
        SimTiming t = SimTiming.own(ts);
        assertThat(t.completion(0b011)).isEqualTo(18);
        assertThat(t.completion(0b101)).isEqualTo(18);
        assertThat(t.completion(0b111)).isEqualTo(18);
        assertThat(t.completion(0b001)).isEqualTo(10);
        assertThat(t.with(new FluidContention(java.util.Map.of(SPIN, new double[4], COMPUTE, new double[4],
                MEMORY, new double[4], CACHE, new double[4], SHARED, new double[4]))).completion(0b011)).isEqualTo(10);
    }
}
