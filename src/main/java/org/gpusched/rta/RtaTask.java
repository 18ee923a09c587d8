package org.gpusched.rta;

import java.util.List;

/**
 * A task as the GCAPS analyses see it. cpu.size() == gpu.size() + 1 (a CPU-only task: gpu empty,
 * cpu of size 1). Priorities: larger = higher; cpuPriority unique per core. core is 0-based.
 */
public record RtaTask(String name, long period, long deadline, List<Long> cpu, List<GpuSegment> gpu,
                      int core, int cpuPriority, int gpuPriority, boolean bestEffort) {
    public RtaTask {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("task name must be non-empty");
        }
        cpu = List.copyOf(cpu);
        gpu = List.copyOf(gpu);
        if (period <= 0 || deadline <= 0 || deadline > period) {
            throw new IllegalArgumentException(name + ": need 0 < deadline <= period, got D " + deadline + ", T " + period);
        }
        if (cpu.size() != gpu.size() + 1) {
            throw new IllegalArgumentException(name + ": need cpu.size() == gpu.size() + 1, got " + cpu.size()
                    + " and " + gpu.size());
        }
        if (core < 0) {
            throw new IllegalArgumentException(name + ": core must be >= 0, got " + core);
        }
        long sum = 0;
        for (long c : cpu) {
            if (c < 0) {
                throw new IllegalArgumentException(name + ": CPU segment times must be >= 0, got " + c);
            }
            sum = Math.addExact(sum, c);
        }
        for (GpuSegment g : gpu) {
            sum = Math.addExact(sum, g.total());
        }
        if (sum == 0) {
            throw new IllegalArgumentException(name + ": a task needs some non-zero time");
        }
    }

    /** C_i. */
    public long cpuTotal() {
        return cpu.stream().mapToLong(Long::longValue).sum();
    }

    /** Gm_i. */
    public long miscTotal() {
        return gpu.stream().mapToLong(GpuSegment::misc).sum();
    }

    /** Ge_i. */
    public long execTotal() {
        return gpu.stream().mapToLong(GpuSegment::exec).sum();
    }

    /** ηg_i. */
    public int gpuSegments() {
        return gpu.size();
    }
}
