package org.gpusched.explore.result;

/** Which pending vertex the exploration expands next. */
public enum SearchOrder {
    /**
     * Depth-first and breadth-first in turns of a fixed number of states, the first to decide
     * wins: DFS finds schedules of feasible sets fast, BFS shares the most work on infeasible
     * sets (which must be explored whole). Deterministic, since turns count states, not time.
     */
    AUTO,
    /** Layer by layer in the number of completed jobs (as SAG's nptest); merges most. */
    BFS,
    /** Deepest first: finds a schedule of a feasible set fastest. */
    DFS,
    /** The vertex with the earliest start time first. */
    EARLIEST_TIME_FIRST
}
