package org.gpusched.explore;

/** Which pending vertex the exploration expands next. */
public enum SearchOrder {
    /** Layer by layer in the number of completed jobs (as SAG's nptest); merges most. */
    BFS,
    /** Deepest first: finds a schedule of a feasible set fastest. */
    DFS,
    /** The vertex with the earliest start time first. */
    EARLIEST_TIME_FIRST
}
