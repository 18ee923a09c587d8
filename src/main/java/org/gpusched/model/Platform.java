package org.gpusched.model;

import java.math.BigDecimal;
import java.util.List;
import java.util.OptionalInt;

/**
 * The platform around the GPU (format v2): CPU cores, driver overheads, copy engines, SM-sharing
 * conflict factors and the time-partition plan.
 *
 * @param driver        GPU driver overheads, or null when the defaults cannot be expressed in the
 *                      workload's unit (only for v1 files; {@code driverNote} says why)
 * @param driverNote    why {@code driver} is null, or null
 * @param timePartitions the time-partition plan, or null when the file has none
 * @param gpuAccess      how kernels of different tasks are kept from overlapping (docs/timepart.md)
 */
public record Platform(int cpus, GpuDriver driver, String driverNote, int copyEngines,
                       ConflictFactors conflictFactors, TimePartitions timePartitions, GpuAccess gpuAccess) {

    /**
     * {@code partition}: the GPU-using tasks share one time partition, so kernels run one at a time as
     * delays; {@code server}: every kernel is queued to one GPU server that runs them one at a time,
     * non-preemptively, highest task priority first.
     */
    public enum GpuAccess {
        PARTITION, SERVER;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * L (timeslice of the TSG round-robin driver), θ (context switch) and α (GCAPS runlist update),
     * in the workload's unit; ε = α + θ.
     */
    public record GpuDriver(long timeslice, long contextSwitch, long runlistUpdate) {
        public long epsilon() {
            return runlistUpdate + contextSwitch;
        }
    }

    /** Execution-time factor of a kernel sharing an SM partition with a task of the same kind. */
    public record ConflictFactors(BigDecimal compute, BigDecimal memory) {
        public static final ConflictFactors PAPER = new ConflictFactors(new BigDecimal("1.2"), new BigDecimal("2.3"));
    }

    /** A cyclic plan (MAST-2 / ARINC 653): windows of each partition within the major frame. */
    public record TimePartitions(long majorFrame, long switchOverhead, List<Partition> partitions) {
        public TimePartitions {
            partitions = List.copyOf(partitions);
        }
    }

    public record Partition(String name, List<Window> windows) {
        public Partition {
            windows = List.copyOf(windows);
        }
    }

    /** [start, start + length) of the major frame; {@code core} empty: the window is on every core. */
    public record Window(long start, long length, OptionalInt core) { }
}
