package org.gpusched.copyexec;

import java.util.List;
import java.util.OptionalLong;

/**
 * One simulated run: every job (by task, then job index), every operation (by start time) and the
 * start of each batch. Metrics (ours, copy-execute.md): {@link #slack()} = Σ (deadline − finish),
 * misses counting negative; {@link #lateness()} = Σ max(0, finish − deadline); the paper's
 * relative performance P[X] = S[traditional] / S[X] with S = lateness + {@link #SHIFT}.
 */
public record CopySim(Strategy strategy, int engines, List<JobRun> jobs, List<Operation> ops, List<Long> batchStarts) {
    /** Our shift of the accumulated lateness (one tick), so that S > 0 and P is defined without misses. */
    public static final long SHIFT = 1;

    public CopySim {
        jobs = List.copyOf(jobs);
        ops = List.copyOf(ops);
        batchStarts = List.copyOf(batchStarts);
    }

    public List<JobRun> misses() {
        return jobs.stream().filter(JobRun::miss).toList();
    }

    public long slack() {
        return jobs.stream().mapToLong(j -> j.deadline() - j.finish()).sum();
    }

    public long lateness() {
        return jobs.stream().mapToLong(j -> Math.max(0, j.finish() - j.deadline())).sum();
    }

    /** S: accumulated lateness plus our shift. */
    public long shiftedLateness() {
        return lateness() + SHIFT;
    }

    /** P[this] against a traditional run of the same workload: S[traditional] / S[this]. */
    public double relativePerformance(CopySim traditional) {
        return (double) traditional.shiftedLateness() / shiftedLateness();
    }

    /** The worst response time of a task's jobs, empty when it has none in the hyperperiod. */
    public OptionalLong worstResponse(int task) {
        return jobs.stream().filter(j -> j.taskIndex() == task).mapToLong(JobRun::responseTime).max();
    }
}
