package org.gpusched.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A task of a v2 workload (or the v2 view of a v1 task): a chain of segments plus what the other
 * policies need.
 *
 * @param core         0-based CPU core; empty when the file gives none and the platform has several
 * @param cpuPriority  larger = higher; unique per core (given or deadline-monotonic)
 * @param gpuPriority  larger = higher; unique (given, or the CPU priority order)
 * @param kind         "compute" or "memory", null when not given
 * @param scaling      null when not given
 * @param partition    a name of platform.timePartitions, null when not given
 * @param offset       release offset O (job k released at O + k·T), 0 when not given
 */
public record WorkTask(int index, String name, long period, long deadline, List<Segment> segments, OptionalInt core,
                       int cpuPriority, int gpuPriority, boolean bestEffort, String kind, Scaling scaling,
                       String partition, long jitter, long offset) {

    public WorkTask {
        segments = List.copyOf(segments);
    }

    /** Σ of every segment's time. */
    public long totalTime() {
        return segments.stream().mapToLong(Segment::time).reduce(0, Math::addExact);
    }

    /** Σ gpu.exec: the v1 wcet of a GPU-only task. */
    public long gpuExec() {
        return gpuSegments().stream().mapToLong(Segment.Gpu::exec).reduce(0, Math::addExact);
    }

    public List<Segment.Gpu> gpuSegments() {
        return segments.stream().filter(Segment.Gpu.class::isInstance).map(Segment.Gpu.class::cast).toList();
    }

    /**
     * The chain as the GCAPS family sees it: CPU and GPU segments alternating, starting and ending
     * with CPU (ηc = ηg + 1). Adjacent CPU segments are summed (they run back to back on one core), a
     * missing CPU segment before, between or after GPU segments counts as 0. Empty when the task has
     * a copy of non-zero length (copies are not a GCAPS concept; fold them into misc).
     */
    public Optional<CpuGpuChain> cpuGpuChain() {
        List<Long> cpu = new ArrayList<>();
        List<Segment.Gpu> gpu = new ArrayList<>();
        long pending = 0;
        for (Segment s : segments) {
            if (s instanceof Segment.Cpu c) {
                pending = Math.addExact(pending, c.time());
            } else if (s instanceof Segment.Gpu g) {
                cpu.add(pending);
                pending = 0;
                gpu.add(g);
            } else if (s.time() != 0) {
                return Optional.empty();
            }
        }
        cpu.add(pending);
        return Optional.of(new CpuGpuChain(cpu, gpu));
    }

    /** cpu.size() == gpu.size() + 1. */
    public record CpuGpuChain(List<Long> cpu, List<Segment.Gpu> gpu) {
        public CpuGpuChain {
            cpu = List.copyOf(cpu);
            gpu = List.copyOf(gpu);
        }
    }
}
