package org.gpusched.copyexec;

/**
 * One job as it ran: {@code start} is when its first operation began, {@code finish} when its last
 * ended (its D2H copy, when it has one).
 */
public record JobRun(int taskIndex, String task, int job, long release, long deadline, long start, long finish) {

    public long responseTime() {
        return finish - release;
    }

    public boolean miss() {
        return finish > deadline;
    }
}
