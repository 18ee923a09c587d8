package org.gpusched.explore;

/** How much the explorer merges states (see docs/explorer.md). */
public enum MergeLevel {
    /** No memory of visited states: the plain tree of all PBS schedules. */
    NONE,
    /** A (state, time) pair reached twice is expanded once. */
    EXACT,
    /** Same executed and ready sets: one vertex holds all start times (the paper's dom list). */
    DOMINATION
}
