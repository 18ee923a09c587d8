package org.gpusched.model;

/**
 * Job k of a task within one hyperperiod: it arrives in [arrival, release] (release jitter) and
 * may start only at {@code release}; {@code wcet} is its whole chain's.
 */
public record Job(int task, int index, long arrival, long deadline, long wcet, long release) {

    public String label(TaskSet ts) {
        return ts.tasks().get(task).name() + "#" + index;
    }
}
