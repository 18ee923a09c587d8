package org.gpusched.model;

import java.util.List;
import java.util.Optional;

/**
 * The GPU presets of the spec's oracle.md: per-compute-capability SM limits and per-device SM counts.
 * Sources: NVIDIA's CUDA occupancy tables (cuda_occupancy.h, Programming Guide, compute capabilities).
 */
public final class GpuPresets {

    /** Per-SM limits of one compute capability. Shared memory in bytes. */
    public record Capability(String cc, long threads, long warps, long blocks, long registers, long sharedMemory,
                             long sharedMemoryUnit, long reservedPerBlock, long maxKernels) { }

    /** A named device: a capability and an SM count. */
    public record Preset(String name, String description, Capability capability, long sms) {
        public Gpu toGpu(SmPolicy policy) {
            if (capability == null) {
                return new Gpu(name, null, 8, 1024, Gpu.UNLIMITED, 32, Gpu.UNLIMITED, Gpu.DEFAULT_REGISTER_UNIT,
                        Gpu.UNLIMITED, 1, 0, Gpu.UNLIMITED, policy);
            }
            Capability c = capability;
            return new Gpu(name, c.cc(), sms, c.threads(), c.warps(), c.blocks(), c.registers(),
                    Gpu.DEFAULT_REGISTER_UNIT, c.sharedMemory(), c.sharedMemoryUnit(), c.reservedPerBlock(),
                    c.maxKernels(), policy);
        }
    }

    private static final long KIB = 1024;
    static final Capability CC62 = new Capability("6.2", 2048, 64, 32, 65536, 64 * KIB, 256, 0, 16);
    static final Capability CC70 = new Capability("7.0", 2048, 64, 32, 65536, 96 * KIB, 256, 0, 128);
    static final Capability CC72 = new Capability("7.2", 2048, 64, 32, 65536, 96 * KIB, 256, 0, 16);
    static final Capability CC75 = new Capability("7.5", 1024, 32, 16, 65536, 64 * KIB, 256, 0, 128);
    static final Capability CC80 = new Capability("8.0", 2048, 64, 32, 65536, 164 * KIB, 128, 1024, 128);
    static final Capability CC86 = new Capability("8.6", 1536, 48, 16, 65536, 100 * KIB, 128, 1024, 128);
    static final Capability CC87 = new Capability("8.7", 1536, 48, 16, 65536, 164 * KIB, 128, 1024, 128);
    static final Capability CC89 = new Capability("8.9", 1536, 48, 24, 65536, 100 * KIB, 128, 1024, 128);
    static final Capability CC90 = new Capability("9.0", 2048, 64, 32, 65536, 228 * KIB, 128, 1024, 128);

    private static final List<Preset> PRESETS = List.of(
            new Preset("paper-8sm", "the paper's section 6 GPU: 8 SMs, 1024 threads and 32 blocks each", null, 8),
            new Preset("jetson-tx2", "Jetson TX2 (Pascal)", CC62, 2),
            new Preset("jetson-agx-xavier", "Jetson AGX Xavier (Volta)", CC72, 8),
            new Preset("jetson-xavier-nx", "Jetson Xavier NX (Volta)", CC72, 6),
            new Preset("jetson-agx-orin-64gb", "Jetson AGX Orin 64GB (Ampere)", CC87, 16),
            new Preset("jetson-agx-orin-32gb", "Jetson AGX Orin 32GB (Ampere)", CC87, 14),
            new Preset("jetson-orin-nx", "Jetson Orin NX (Ampere)", CC87, 8),
            new Preset("jetson-orin-nano-8gb", "Jetson Orin Nano 8GB (Ampere)", CC87, 8),
            new Preset("jetson-orin-nano-4gb", "Jetson Orin Nano 4GB (Ampere)", CC87, 4),
            new Preset("rtx-2080-ti", "GeForce RTX 2080 Ti (Turing)", CC75, 68),
            new Preset("rtx-3090", "GeForce RTX 3090 (Ampere)", CC86, 82),
            new Preset("rtx-4090", "GeForce RTX 4090 (Ada)", CC89, 128),
            new Preset("a100", "A100 (Ampere)", CC80, 108),
            new Preset("h100-sxm", "H100 SXM (Hopper)", CC90, 132),
            new Preset("h100-pcie", "H100 PCIe (Hopper)", CC90, 114),
            new Preset("h200", "H200 (Hopper)", CC90, 132),
            new Preset("l4", "L4 (Ada)", CC89, 58),
            new Preset("t4", "T4 (Turing)", CC75, 40),
            new Preset("v100", "V100 (Volta)", CC70, 80));

    private GpuPresets() { }

    public static Optional<Preset> find(String name) {
        return PRESETS.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** All presets in documentation order. */
    public static List<Preset> all() {
        return PRESETS;
    }
}
