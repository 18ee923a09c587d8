package org.gpusched.explore.result;

/** When a schedulable exploration stops. */
public enum StopRule {
    /** At the first schedulable path. */
    FIRST,
    /** Explore everything, then pick among the schedulable end states by an {@link Objective}. */
    ALL
}
