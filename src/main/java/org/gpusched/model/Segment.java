package org.gpusched.model;

import java.util.Locale;

/**
 * One step of a task's job chain (format v2, workload-v2.md). A job runs its segments in order.
 * Times are integers >= 0 in the workload's unit; zero-length segments are kept so that generated
 * workloads keep their structure.
 */
public sealed interface Segment permits Segment.Cpu, Segment.Gpu, Segment.Copy {

    /** The time this segment takes in isolation (for a GPU segment: exec + misc). */
    long time();

    /** CPU work on the task's core. */
    record Cpu(long time) implements Segment { }

    /**
     * A GPU segment: {@code exec} is the pure GPU time on the whole GPU (GCAPS' Ge), {@code misc} its
     * CPU-side part (launch, driver calls, synchronous copies: GCAPS' Gm). {@code kernel} may be null.
     */
    record Gpu(long exec, long misc, Kernel kernel) implements Segment {
        @Override
        public long time() {
            return exec + misc;
        }
    }

    /** A DMA copy on a copy engine. */
    record Copy(Direction to, long time) implements Segment { }

    enum Direction {
        DEVICE, HOST;

        public String json() { return name().toLowerCase(Locale.ROOT); }
    }
}
