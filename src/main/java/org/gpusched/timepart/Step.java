package org.gpusched.timepart;

/**
 * One step of an end-to-end flow (time-partitioning.md): CPU work on the flow's core and partition,
 * a delay that uses no processor (a kernel's isolated time, a copy), or a kernel on the GPU server
 * (one non-preemptive fixed-priority processor shared by every core, docs/timepart.md).
 */
public sealed interface Step permits Step.Timed, Step.Delay {
    /** Checks 0 <= best <= worst. */
    static void ordered(long best, long worst) {
        if (best < 0 || best > worst) {
            throw new IllegalArgumentException("need 0 <= best <= worst case, got " + best + ", " + worst);
        }
    }

    long max();

    long min();

    /** Where the step comes from, for reports and exports ("segments[2].gpu.exec"). */
    String origin();

    /** A step that runs on a processor for between {@code bcet} and {@code wcet}. */
    sealed interface Timed extends Step permits Cpu, Gpu {
        long wcet();

        long bcet();

        @Override
        default long max() {
            return wcet();
        }

        @Override
        default long min() {
            return bcet();
        }
    }

    /** CPU work: worst case {@code wcet}, best case {@code bcet}. */
    record Cpu(long wcet, long bcet, String origin) implements Timed {
        public Cpu {
            ordered(bcet, wcet);
        }
    }

    /**
     * A delay [min, max] (MAST's GPU_Step / delay event handler); {@code kernel}: a kernel's time
     * (the serialisation condition is about these), else a copy.
     */
    record Delay(long min, long max, boolean kernel, String origin) implements Step {
        public Delay {
            ordered(min, max);
        }
    }

    /**
     * A kernel queued to the GPU server: it runs to completion once started, the server picking the
     * highest-priority waiting kernel (the flow's priority) whenever it is idle.
     */
    record Gpu(long wcet, long bcet, String origin) implements Timed {
        public Gpu {
            ordered(bcet, wcet);
        }
    }
}
