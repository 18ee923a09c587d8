package org.gpusched.model;

import java.util.List;

/**
 * A periodic GPU task: period T, constrained deadline D <= T, release offset O and release
 * jitter J, and a chain of one or more kernels. Job k arrives somewhere in [O + kT, O + kT + J];
 * a time-triggered schedule may start it only at O + kT + J (it cannot know earlier), and its
 * deadline is O + kT + D. {@code wcet} is the sum of the chain's kernels.
 */
public record Task(int index, String name, long period, long deadline, long wcet, Kernel kernel, long offset,
                   long jitter, List<Stage> chain) {

    public Task {
        chain = List.copyOf(chain);
    }

    /** A task of one kernel released at k·T (format v1 without offset or jitter). */
    public Task(int index, String name, long period, long deadline, long wcet, Kernel kernel) {
        this(index, name, period, deadline, wcet, kernel, 0, 0, List.of(new Stage(name, wcet, kernel)));
    }

    public double utilization() {
        return (double) wcet / period;
    }

    /** Number of kernels per job. */
    public int kernels() {
        return chain.size();
    }

    /** Arrival of job k (the start of its release window). */
    public long arrival(long k) {
        return offset + k * period;
    }

    /** The earliest time job k may start: the end of its release window. */
    public long release(long k) {
        return offset + k * period + jitter;
    }

    public long absoluteDeadline(long k) {
        return offset + k * period + deadline;
    }

    /** The same task with every time of the chain given: the kernels keep their order and shapes. */
    public Task withChain(List<Stage> stages) {
        long sum = 0;
        for (Stage s : stages) {
            sum = Ticks.add(sum, s.wcet());
        }
        return new Task(index, name, period, deadline, sum, stages.get(0).kernel(), offset, jitter, stages);
    }

    /** The same task with another offset (the analysis window's rotation). */
    public Task withOffset(long o) {
        return new Task(index, name, period, deadline, wcet, kernel, o, jitter, chain);
    }
}
