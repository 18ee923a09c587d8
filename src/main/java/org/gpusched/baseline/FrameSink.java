package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;

/**
 * Receives a simulation as it runs: every frame in time order, and every miss in the order of
 * {@link BaselineResult#misses()} (by finish, then deadline, then task). What a consumer keeps is
 * its own choice, so a simulation needs no memory per job.
 */
public interface FrameSink {
    void frame(Frame f);

    /** A late job; a sink of frames alone (a table, written for a schedulable run only) ignores it. */
    default void miss(Miss m) { }
}
