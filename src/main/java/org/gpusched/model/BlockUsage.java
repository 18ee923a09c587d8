package org.gpusched.model;

/**
 * Resources one thread block holds on an SM, after the allocation granularities of the GPU
 * (NVIDIA's occupancy rules, as fixed in the spec's oracle.md). The reader's limits keep every value
 * far from overflowing; the arithmetic saturates at {@link Long#MAX_VALUE} all the same, so a shape
 * that escaped them would read as "too large for any SM", never wrap around to a small number.
 */
public record BlockUsage(long warps, long threads, long registers, long sharedMemory) {

    public static BlockUsage of(Kernel k, Gpu gpu) {
        long warps = k.warpsPerBlock();
        long threads = times(warps, Kernel.WARP_SIZE);
        long regUnit = gpu.registerAllocationUnit() <= 0 ? 1 : gpu.registerAllocationUnit();
        long registers = times(warps, roundUp(times(Kernel.WARP_SIZE, Math.max(0, k.registersPerThread())), regUnit));
        long smem = 0;
        if (k.sharedMemoryPerBlock() > 0) {
            long unit = gpu.sharedMemoryAllocationUnit() <= 0 ? 1 : gpu.sharedMemoryAllocationUnit();
            smem = roundUp(plus(k.sharedMemoryPerBlock(), Math.max(0, gpu.sharedMemoryReservedPerBlock())), unit);
        }
        return new BlockUsage(warps, threads, registers, smem);
    }

    /** Smallest multiple of {@code unit} >= v (v >= 0, unit >= 1), saturating. */
    static long roundUp(long v, long unit) {
        return times(v / unit + (v % unit == 0 ? 0 : 1), unit);
    }

    /** a + b for a, b >= 0, saturating at Long.MAX_VALUE. */
    static long plus(long a, long b) {
        long r = a + b;
        return r < a ? Long.MAX_VALUE : r;
    }

    /** a * b for a, b >= 0, saturating at Long.MAX_VALUE. */
    static long times(long a, long b) {
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    /** Which per-SM limit an empty SM would violate with this block, or null when it fits. */
    public String violatedOnEmptySm(Gpu gpu) {
        if (gpu.maxBlocksPerSm() < 1) {
            return "maxBlocksPerSm";
        }
        if (warps > gpu.maxWarpsPerSm()) {
            return "maxWarpsPerSm (" + warps + " warps > " + gpu.maxWarpsPerSm() + ")";
        }
        if (threads > gpu.maxThreadsPerSm()) {
            return "maxThreadsPerSm (" + threads + " threads > " + gpu.maxThreadsPerSm() + ")";
        }
        if (registers > gpu.registersPerSm()) {
            return "registersPerSm (" + registers + " registers > " + gpu.registersPerSm() + ")";
        }
        if (sharedMemory > gpu.sharedMemoryPerSm()) {
            return "sharedMemoryPerSm (" + sharedMemory + " bytes > " + gpu.sharedMemoryPerSm() + ")";
        }
        return null;
    }
}
