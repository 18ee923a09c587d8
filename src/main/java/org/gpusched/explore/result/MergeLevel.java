package org.gpusched.explore.result;

/** How much the explorer merges states (see docs/explorer.md). */
public enum MergeLevel {
    /** No memory of visited states: the plain tree of all PBS schedules. */
    NONE,
    /** A (state, time) pair reached twice is expanded once. */
    EXACT,
    /** Same executed and ready sets: one vertex holds all start times (the paper's dom list). */
    DOMINATION,
    /**
     * Domination, and states that differ only by a permutation of interchangeable tasks share one
     * vertex; a settled state (every job it still has to run released) reached at some time makes
     * its later times redundant.
     */
    CANONICAL;

    /** Whether a key's vertex absorbs new times while it waits (domination and above). */
    public boolean mergesTimes() {
        return this == DOMINATION || this == CANONICAL;
    }
}
