package org.gpusched.oracle;

import org.gpusched.model.BlockUsage;
import org.gpusched.model.Gpu;
import org.gpusched.model.SmPolicy;

/**
 * Head-of-line block placement (spec oracle.md): kernels in submission order, blocks in index
 * order, each on an SM chosen by the policy; the first block that fits nowhere makes the batch
 * ineligible. Mutable and copyable so permutation search can share prefixes.
 */
final class BlockPlacer {
    private final Gpu gpu;
    private final int sms;
    private final long slots;
    private final long[] blocks;
    private final long[] warps;
    private final long[] regs;
    private final long[] smem;
    private int lastSm = -1;
    private int pointer;
    /** Called once per block placed: the oracle's budget check (a kernel may have 2^24 blocks). */
    private final Runnable tick;

    BlockPlacer(Gpu gpu, Runnable tick) {
        this.gpu = gpu;
        this.tick = tick;
        this.sms = (int) gpu.sms();
        this.slots = gpu.warpSlotsPerSm();
        blocks = new long[sms];
        warps = new long[sms];
        regs = new long[sms];
        smem = new long[sms];
    }

    private BlockPlacer(BlockPlacer o) {
        gpu = o.gpu;
        tick = o.tick;
        sms = o.sms;
        slots = o.slots;
        blocks = o.blocks.clone();
        warps = o.warps.clone();
        regs = o.regs.clone();
        smem = o.smem.clone();
        lastSm = o.lastSm;
        pointer = o.pointer;
    }

    BlockPlacer copy() {
        return new BlockPlacer(this);
    }

    private boolean fits(int sm, BlockUsage u) {
        return blocks[sm] + 1 <= gpu.maxBlocksPerSm()
                && warps[sm] + u.warps() <= gpu.maxWarpsPerSm()
                && (warps[sm] + u.warps()) * 32 <= gpu.maxThreadsPerSm()
                && regs[sm] + u.registers() <= gpu.registersPerSm()
                && smem[sm] + u.sharedMemory() <= gpu.sharedMemoryPerSm();
    }

    /**
     * The most-room measure: free warp slots; without a warp or thread limit (spec oracle.md,
     * revision 2) the most further blocks of this kernel the SM could still take, the minimum
     * over the limits that are set (blocks, registers, shared memory); with none, every SM ties.
     */
    private long room(int sm, BlockUsage u) {
        if (slots != Gpu.UNLIMITED) {
            return slots - warps[sm];
        }
        long r = Gpu.UNLIMITED;
        if (gpu.maxBlocksPerSm() != Gpu.UNLIMITED) {
            r = Math.min(r, gpu.maxBlocksPerSm() - blocks[sm]);
        }
        if (gpu.registersPerSm() != Gpu.UNLIMITED && u.registers() > 0) {
            r = Math.min(r, (gpu.registersPerSm() - regs[sm]) / u.registers());
        }
        if (gpu.sharedMemoryPerSm() != Gpu.UNLIMITED && u.sharedMemory() > 0) {
            r = Math.min(r, (gpu.sharedMemoryPerSm() - smem[sm]) / u.sharedMemory());
        }
        return r;
    }

    /** SM for the next block, or -1 when it fits nowhere. */
    private int choose(BlockUsage u) {
        if (gpu.smPolicy() == SmPolicy.ROUND_ROBIN) {
            for (int k = 0; k < sms; k++) {
                int sm = (pointer + k) % sms;
                if (fits(sm, u)) {
                    pointer = (sm + 1) % sms;
                    return sm;
                }
            }
            return -1;
        }
        int best = -1;
        long bestRoom = -1;
        for (int sm = 0; sm < sms; sm++) {
            if (!fits(sm, u)) {
                continue;
            }
            long r = room(sm, u);
            // Ties: the SM that took the previous block, else the lowest index (scan order).
            if (r > bestRoom || (r == bestRoom && sm == lastSm)) {
                best = sm;
                bestRoom = r;
            }
        }
        return best;
    }

    /**
     * Places every block of one kernel. Returns -1 on success, else the index of the block that
     * fit nowhere. When {@code perSm} is given it receives the count of blocks per SM.
     */
    int placeKernel(BlockUsage u, int count, int[] perSm) {
        for (int b = 0; b < count; b++) {
            tick.run();
            int sm = choose(u);
            if (sm < 0) {
                return b;
            }
            blocks[sm]++;
            warps[sm] += u.warps();
            regs[sm] += u.registers();
            smem[sm] += u.sharedMemory();
            lastSm = sm;
            if (perSm != null) {
                perSm[sm]++;
            }
        }
        return -1;
    }
}
