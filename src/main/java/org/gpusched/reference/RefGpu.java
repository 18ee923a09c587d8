package org.gpusched.reference;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/**
 * The GPU's limits and the head-of-line block placement of the spec (oracle.md), written from the
 * spec's text: kernels in submission order, blocks in index order, each on the SM the policy picks
 * among those it fits; the first block that fits nowhere makes the ordered batch ineligible.
 *
 * @param sms        number of SMs, {@link #NONE} when unlimited
 * @param limits     per SM: threads, warps, blocks, registers, shared memory ({@link #NONE} = no limit)
 * @param units      register allocation unit, shared-memory allocation unit, shared memory reserved per block
 * @param kernels    most kernels resident at once
 * @param roundRobin true for the round-robin SM policy, false for most-room
 */
record RefGpu(long sms, long[] limits, long[] units, long kernels, boolean roundRobin) {
    static final long NONE = Long.MAX_VALUE / 4;
    private static final int THREADS = 0;
    private static final int WARPS = 1;
    private static final int BLOCKS = 2;
    private static final int REGS = 3;
    private static final int SMEM = 4;

    /** Per compute capability: threads, warps, blocks, registers, shared KiB, smem unit, reserved, kernels. */
    private static final Map<String, long[]> CAPABILITY = Map.of(
            "6.2", new long[] {2048, 64, 32, 65536, 64, 256, 0, 16},
            "7.0", new long[] {2048, 64, 32, 65536, 96, 256, 0, 128},
            "7.2", new long[] {2048, 64, 32, 65536, 96, 256, 0, 16},
            "7.5", new long[] {1024, 32, 16, 65536, 64, 256, 0, 128},
            "8.0", new long[] {2048, 64, 32, 65536, 164, 128, 1024, 128},
            "8.6", new long[] {1536, 48, 16, 65536, 100, 128, 1024, 128},
            "8.7", new long[] {1536, 48, 16, 65536, 164, 128, 1024, 128},
            "8.9", new long[] {1536, 48, 24, 65536, 100, 128, 1024, 128},
            "9.0", new long[] {2048, 64, 32, 65536, 228, 128, 1024, 128});

    /** Preset name to "capability:SMs" (the paper's 8-SM GPU has its own limits). */
    private static final Map<String, String> PRESET = Map.ofEntries(
            Map.entry("jetson-tx2", "6.2:2"), Map.entry("jetson-agx-xavier", "7.2:8"),
            Map.entry("jetson-xavier-nx", "7.2:6"), Map.entry("jetson-agx-orin-64gb", "8.7:16"),
            Map.entry("jetson-agx-orin-32gb", "8.7:14"), Map.entry("jetson-orin-nx", "8.7:8"),
            Map.entry("jetson-orin-nano-8gb", "8.7:8"), Map.entry("jetson-orin-nano-4gb", "8.7:4"),
            Map.entry("rtx-2080-ti", "7.5:68"), Map.entry("rtx-3090", "8.6:82"), Map.entry("rtx-4090", "8.9:128"),
            Map.entry("a100", "8.0:108"), Map.entry("h100-sxm", "9.0:132"), Map.entry("h100-pcie", "9.0:114"),
            Map.entry("h200", "9.0:132"), Map.entry("l4", "8.9:58"), Map.entry("t4", "7.5:40"),
            Map.entry("v100", "7.0:80"));

    static RefGpu of(JsonNode g) {
        long sms = NONE;
        long[] limits = {NONE, NONE, NONE, NONE, NONE};
        long[] units = {256, 1, 0};
        long kernels = NONE;
        String preset = g.path("preset").asText("");
        if (preset.equals("paper-8sm")) {
            sms = 8;
            limits[THREADS] = 1024;
            limits[BLOCKS] = 32;
        } else if (!preset.isEmpty()) {
            String[] p = PRESET.get(preset).split(":");
            long[] c = CAPABILITY.get(p[0]);
            sms = Long.parseLong(p[1]);
            limits = new long[] {c[0], c[1], c[2], c[3], c[4] * 1024};
            units = new long[] {256, c[5], c[6]};
            kernels = c[7];
        }
        sms = RefWorkload.num(g, "sms", sms);
        String[] names = {"maxThreadsPerSm", "maxWarpsPerSm", "maxBlocksPerSm", "registersPerSm", "sharedMemoryPerSm"};
        for (int i = 0; i < names.length; i++) {
            limits[i] = RefWorkload.num(g, names[i], limits[i]);
        }
        units[0] = RefWorkload.num(g, "registerAllocationUnit", units[0]);
        units[1] = RefWorkload.num(g, "sharedMemoryAllocationUnit", units[1]);
        units[2] = RefWorkload.num(g, "sharedMemoryReservedPerBlock", units[2]);
        kernels = RefWorkload.num(g, "maxResidentKernels", kernels);
        return new RefGpu(sms, limits, units, kernels, "round-robin".equals(g.path("smPolicy").asText()));
    }

    /** Blocks are placed only when the SMs are counted and some per-SM limit exists. */
    private boolean places() {
        if (sms >= NONE) {
            return false;
        }
        for (long l : limits) {
            if (l < NONE) {
                return true;
            }
        }
        return false;
    }

    /** What one block holds: warps, registers, shared memory (NVIDIA's allocation rules). */
    private long[] block(long[] shape) {
        long warps = (shape[1] + 31) / 32;
        long regs = warps * up(32 * shape[2], Math.max(1, units[0]));
        long smem = shape[3] > 0 ? up(shape[3] + units[2], Math.max(1, units[1])) : 0;
        return new long[] {warps, regs, smem};
    }

    private static long up(long v, long unit) {
        return (v + unit - 1) / unit * unit;
    }

    /**
     * Null when the kernels, submitted in this order, all become resident; else why not. A batch of
     * one kernel is always eligible (a grid larger than the GPU runs in waves).
     */
    String place(long[][] shapes) {
        if (shapes.length > kernels) {
            return shapes.length + " kernels but at most " + kernels + " resident";
        }
        if (shapes.length == 1 || !places()) {
            return null;
        }
        int n = (int) sms;
        long[][] used = new long[n][4];
        int last = -1;
        int pointer = 0;
        for (int k = 0; k < shapes.length; k++) {
            long[] b = block(shapes[k]);
            for (long blk = 0; blk < shapes[k][0]; blk++) {
                int sm = -1;
                if (roundRobin) {
                    for (int i = 0; i < n && sm < 0; i++) {
                        int c = (pointer + i) % n;
                        sm = fits(used[c], b) ? c : -1;
                    }
                    pointer = sm < 0 ? pointer : (sm + 1) % n;
                } else {
                    long best = -1;
                    for (int c = 0; c < n; c++) {
                        if (!fits(used[c], b)) {
                            continue;
                        }
                        long room = room(used[c], b);
                        if (room > best || room == best && c == last) {
                            best = room;
                            sm = c;
                        }
                    }
                }
                if (sm < 0) {
                    return "kernel " + k + " block " + blk + " fits on no SM";
                }
                used[sm][0] += b[0];
                used[sm][1] += b[1];
                used[sm][2] += b[2];
                used[sm][3]++;
                last = sm;
            }
        }
        return null;
    }

    private boolean fits(long[] u, long[] b) {
        return u[3] + 1 <= limits[BLOCKS] && u[0] + b[0] <= limits[WARPS] && (u[0] + b[0]) * 32 <= limits[THREADS]
                && u[1] + b[1] <= limits[REGS] && u[2] + b[2] <= limits[SMEM];
    }

    /**
     * Most room: free warp slots when warps or threads are limited; otherwise how many more blocks
     * of this kernel the SM could take under the limits that are set; with none, all SMs tie.
     */
    private long room(long[] u, long[] b) {
        long slots = Math.min(limits[WARPS], limits[THREADS] >= NONE ? NONE : limits[THREADS] / 32);
        if (slots < NONE) {
            return slots - u[0];
        }
        long r = NONE;
        if (limits[BLOCKS] < NONE) {
            r = Math.min(r, limits[BLOCKS] - u[3]);
        }
        if (limits[REGS] < NONE && b[1] > 0) {
            r = Math.min(r, (limits[REGS] - u[1]) / b[1]);
        }
        if (limits[SMEM] < NONE && b[2] > 0) {
            r = Math.min(r, (limits[SMEM] - u[2]) / b[2]);
        }
        return r;
    }
}
