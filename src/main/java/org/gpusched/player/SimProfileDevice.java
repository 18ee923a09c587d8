package org.gpusched.player;

import org.gpusched.model.RuntimeOverhead;

import java.util.SplittableRandom;

/**
 * The simulated device as {@code profile} sees it: a set takes its {@link SimTiming} completion
 * time without its copies ({@link SimTiming#kernelFrame}), times a fraction drawn per run from {@code --exec-time} (default 1, so every sample equals
 * the timing model). Each set draws from its own generator, seeded from the seed and the set, so
 * a sample never depends on which other sets were profiled or in what order.
 */
public record SimProfileDevice(SimTiming timing, ExecTime noise, long seed, String unit) implements ProfileDevice {
    @Override
    public String name() {
        return timing.deviceName();
    }

    @Override
    public long scale() {
        return 1;
    }

    /** The simulated device's own runtime cost: its timing model's (every sample includes it). */
    @Override
    public RuntimeOverhead runtime(int warmup, int runs) {
        return timing.truth().interference().overhead();
    }

    @Override
    public long[] time(long mask, int[] order, int warmup, int runs) {
        // Copies are not part of a profile's frame: the GPU's profile launches the kernels alone.
        long c = timing.kernelFrame(mask);
        SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + mask);
        for (int w = 0; w < warmup; w++) {
            noise.draw(rnd);
        }
        long[] s = new long[runs];
        for (int r = 0; r < runs; r++) {
            s[r] = ExecTime.sample(c, noise.draw(rnd));
        }
        return s;
    }
}
