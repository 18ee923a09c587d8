package org.gpusched.explore.result;

/** Which engine answers the PBS question (docs/solver.md). */
public enum EngineKind {
    /** The GPUSched graph search alone: the default, every report as it always was. */
    GRAPH,
    /** The constraint-solver engine alone: a relaxation refutes, a played and checked solution is a schedule. */
    SOLVER,
    /** Both side by side, the first sound verdict wins; the solver starts only when the search has not decided quickly. */
    PORTFOLIO,
    /** The portfolio when three or more threads are given, else the graph search. */
    AUTO
}
