package org.gpusched.model;

/** Job k of a task within one hyperperiod. */
public record Job(int task, int index, long arrival, long deadline, long wcet) {

    public String label(TaskSet ts) {
        return ts.tasks().get(task).name() + "#" + index;
    }
}
