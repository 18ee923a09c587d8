package org.gpusched.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static final Map<String, Preset> PRESETS = build();

    private GpuPresets() { }

    private static Map<String, Preset> build() {
        Map<String, Preset> m = new LinkedHashMap<>();
        add(m, "paper-8sm", "the paper's section 6 GPU: 8 SMs, 1024 threads and 32 blocks each", null, 8);
        add(m, "jetson-tx2", "Jetson TX2 (Pascal)", CC62, 2);
        add(m, "jetson-agx-xavier", "Jetson AGX Xavier (Volta)", CC72, 8);
        add(m, "jetson-xavier-nx", "Jetson Xavier NX (Volta)", CC72, 6);
        add(m, "jetson-agx-orin-64gb", "Jetson AGX Orin 64GB (Ampere)", CC87, 16);
        add(m, "jetson-agx-orin-32gb", "Jetson AGX Orin 32GB (Ampere)", CC87, 14);
        add(m, "jetson-orin-nx", "Jetson Orin NX (Ampere)", CC87, 8);
        add(m, "jetson-orin-nano-8gb", "Jetson Orin Nano 8GB (Ampere)", CC87, 8);
        add(m, "jetson-orin-nano-4gb", "Jetson Orin Nano 4GB (Ampere)", CC87, 4);
        add(m, "rtx-2080-ti", "GeForce RTX 2080 Ti (Turing)", CC75, 68);
        add(m, "rtx-3090", "GeForce RTX 3090 (Ampere)", CC86, 82);
        add(m, "rtx-4090", "GeForce RTX 4090 (Ada)", CC89, 128);
        add(m, "a100", "A100 (Ampere)", CC80, 108);
        add(m, "h100-sxm", "H100 SXM (Hopper)", CC90, 132);
        add(m, "h100-pcie", "H100 PCIe (Hopper)", CC90, 114);
        add(m, "h200", "H200 (Hopper)", CC90, 132);
        add(m, "l4", "L4 (Ada)", CC89, 58);
        add(m, "t4", "T4 (Turing)", CC75, 40);
        add(m, "v100", "V100 (Volta)", CC70, 80);
        return Collections.unmodifiableMap(m);
    }

    private static void add(Map<String, Preset> m, String name, String desc, Capability c, long sms) {
        m.put(name, new Preset(name, desc, c, sms));
    }

    public static Optional<Preset> find(String name) {
        return Optional.ofNullable(PRESETS.get(name));
    }

    /** All presets in documentation order. */
    public static List<Preset> all() {
        return List.copyOf(PRESETS.values());
    }
}
