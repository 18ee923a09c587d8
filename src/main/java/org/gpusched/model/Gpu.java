package org.gpusched.model;

/**
 * Per-SM resource limits of a GPU. A limit equal to {@link #UNLIMITED} was left out of the input.
 *
 * @param name preset name, or "custom"
 * @param computeCapability e.g. "8.7", or null when not tied to a real device
 */
public record Gpu(String name, String computeCapability, long sms, long maxThreadsPerSm, long maxWarpsPerSm,
                  long maxBlocksPerSm, long registersPerSm, long registerAllocationUnit, long sharedMemoryPerSm,
                  long sharedMemoryAllocationUnit, long sharedMemoryReservedPerBlock, long maxResidentKernels,
                  SmPolicy smPolicy) {

    public static final long UNLIMITED = Long.MAX_VALUE;
    public static final long DEFAULT_REGISTER_UNIT = 256;

    /** The GPU of a task set without a {@code gpu} object: every batch is eligible. */
    public static final Gpu NONE = new Gpu("unlimited", null, UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED,
            DEFAULT_REGISTER_UNIT, UNLIMITED, 1, 0, UNLIMITED, SmPolicy.MOST_ROOM);

    /** True when some per-SM limit exists, so block placement must be simulated. */
    public boolean limitsPlacement() {
        return sms != UNLIMITED && (maxThreadsPerSm != UNLIMITED || maxWarpsPerSm != UNLIMITED
                || maxBlocksPerSm != UNLIMITED || registersPerSm != UNLIMITED || sharedMemoryPerSm != UNLIMITED);
    }

    /** True when any limit at all exists (then every task needs a kernel shape). */
    public boolean hasAnyLimit() {
        return limitsPlacement() || maxResidentKernels != UNLIMITED || (sms != UNLIMITED && this != NONE);
    }

    /** Warp slots of one SM: the tighter of the warp and thread limits. */
    public long warpSlotsPerSm() {
        long byThreads = maxThreadsPerSm == UNLIMITED ? UNLIMITED : maxThreadsPerSm / Kernel.WARP_SIZE;
        return Math.min(maxWarpsPerSm, byThreads);
    }

    public static String show(long v) {
        return v == UNLIMITED ? "-" : Long.toString(v);
    }
}
