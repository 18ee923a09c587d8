package org.gpusched.rta;

/**
 * One simulated job: released at {@code release}, first executed at {@code start}, done at
 * {@code finish}; start or finish −1 when the simulation ended before.
 */
public record SimJob(String task, int index, long release, long start, long finish) {
    public boolean finished() {
        return finish >= 0;
    }

    /** finish − release, or −1 for an unfinished job. */
    public long responseTime() {
        return finished() ? finish - release : -1;
    }
}
