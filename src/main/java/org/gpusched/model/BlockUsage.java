package org.gpusched.model;

/**
 * Resources one thread block holds on an SM, after the allocation granularities of the GPU
 * (NVIDIA's occupancy rules, as fixed in the spec's oracle.md).
 */
public record BlockUsage(long warps, long threads, long registers, long sharedMemory) {

    public static BlockUsage of(Kernel k, Gpu gpu) {
        long warps = k.warpsPerBlock();
        long threads = warps * Kernel.WARP_SIZE;
        long regUnit = gpu.registerAllocationUnit() <= 0 ? 1 : gpu.registerAllocationUnit();
        long registers = warps * roundUp((long) Kernel.WARP_SIZE * k.registersPerThread(), regUnit);
        long smem = 0;
        if (k.sharedMemoryPerBlock() > 0) {
            long unit = gpu.sharedMemoryAllocationUnit() <= 0 ? 1 : gpu.sharedMemoryAllocationUnit();
            smem = roundUp(k.sharedMemoryPerBlock() + gpu.sharedMemoryReservedPerBlock(), unit);
        }
        return new BlockUsage(warps, threads, registers, smem);
    }

    static long roundUp(long v, long unit) {
        return (v + unit - 1) / unit * unit;
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
