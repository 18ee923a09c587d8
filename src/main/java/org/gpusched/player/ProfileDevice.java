package org.gpusched.player;

import org.gpusched.model.RuntimeOverhead;

/**
 * Something that times sets of kernels for {@code profile} (the paper's section 4.2): each
 * kernel of the set on its own stream, all launched, then one device-wide synchronisation; the
 * time from the first launch to the return of the synchronisation is one sample.
 */
public interface ProfileDevice extends AutoCloseable {

    /** A short description for reports. */
    String name();

    /** Device time units per tick: 1 on the simulated device, nanoseconds per tick on the GPU. */
    long scale();

    /** The unit of the samples ("ns" on the GPU, the task set's time unit on the simulator). */
    String unit();

    /**
     * {@code runs} samples of the set {@code mask} launched in {@code order} (task indices, an
     * order the oracle found eligible), after {@code warmup} untimed runs.
     */
    long[] time(long mask, int[] order, int warmup, int runs);

    /**
     * The runtime's per-frame cost on this device, in its unit: what every sample holds besides the
     * kernels (the launches, the submission reaching the first block, the synchronise returning).
     * {@link RuntimeOverhead#NONE} when the device cannot tell it apart from the kernels.
     */
    default RuntimeOverhead runtime(int warmup, int runs) {
        return RuntimeOverhead.NONE;
    }

    /**
     * How late this device's host may start a frame (its unit): the worst wake-up of the
     * time-triggered player measured here; 0 where frames start exactly (the simulator).
     */
    default long startJitter() {
        return 0;
    }

    @Override
    default void close() { }
}
