package org.gpusched.player;

import org.gpusched.model.KernelKind;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The simulated device's contention model: kernels of the built-in kinds load the GPU's shared
 * resources, and kernels that run together share them. Each kind has a demand on each resource
 * (the fraction of it the kernel uses alone, {@link #DEFAULT}). A set of kernels launched together
 * is a fluid: while a resource's demands of the running kernels sum to D > 1, each kernel using it
 * progresses at 1/D of its isolated speed (the slowest of its resources decides); a kernel's work
 * is its isolated time. The set's time is when its last kernel finishes, rounded up to a tick.
 * Spin kernels demand nothing, so sets of spin kernels are not slowed (they keep the workload's own
 * interference model). Deterministic: the same kinds and times give the same ticks.
 */
public record FluidContention(Map<KernelKind, double[]> demands) implements ContentionModel {
    /** The resources, in the order of each demand vector. */
    public enum Resource { SM_PIPES, DRAM, L2, SHARED_MEMORY }

    /**
     * Two memory kernels slow each other to 1.8x, two cache kernels to 1.4x, two shared-memory
     * kernels to 1.2x; compute kernels barely (three: 1.05x); different kinds mostly not at all.
     */
    public static final FluidContention DEFAULT = new FluidContention(Map.of(
            KernelKind.SPIN, new double[] {0, 0, 0, 0},
            KernelKind.COMPUTE, new double[] {0.35, 0, 0, 0},
            KernelKind.MEMORY, new double[] {0, 0.9, 0.3, 0},
            KernelKind.CACHE, new double[] {0, 0, 0.7, 0},
            KernelKind.SHARED, new double[] {0.2, 0, 0, 0.6}));

    public FluidContention {
        Map<KernelKind, double[]> copy = new EnumMap<>(KernelKind.class);
        demands.forEach((k, v) -> copy.put(k, v.clone()));
        demands = copy;
    }

    @Override
    public boolean contends(KernelKind kind) {
        return Arrays.stream(demands.get(kind)).anyMatch(d -> d > 0);
    }

    @Override
    public double[] finishes(long[] work, KernelKind[] kinds) {
        int n = work.length;
        double[] end = new double[n];
        double[] left = new double[n];
        boolean[] done = new boolean[n];
        for (int i = 0; i < n; i++) {
            left[i] = work[i];
            done[i] = work[i] <= 0;
        }
        double now = 0;
        int resources = Resource.values().length;
        while (true) {
            double[] sum = new double[resources];
            for (int i = 0; i < n; i++) {
                if (!done[i]) {
                    double[] d = demands.get(kinds[i]);
                    for (int r = 0; r < resources; r++) {
                        sum[r] += d[r];
                    }
                }
            }
            double[] rate = new double[n];
            double step = Double.POSITIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                if (!done[i]) {
                    double slow = 1;
                    double[] d = demands.get(kinds[i]);
                    for (int r = 0; r < resources; r++) {
                        if (d[r] > 0) {
                            slow = Math.max(slow, sum[r]);
                        }
                    }
                    rate[i] = 1 / slow;
                    step = Math.min(step, left[i] / rate[i]);
                }
            }
            if (step == Double.POSITIVE_INFINITY) {
                break;
            }
            now += step;
            for (int i = 0; i < n; i++) {
                if (!done[i]) {
                    left[i] -= step * rate[i];
                    // The kernel(s) that set the step finish now; a rounding residue must not keep one alive.
                    done[i] = left[i] <= 1e-9 * Math.max(1, work[i]);
                    end[i] = done[i] ? now : 0;
                }
            }
        }
        return end;
    }
}
