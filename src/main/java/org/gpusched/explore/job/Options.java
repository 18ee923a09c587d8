package org.gpusched.explore.job;

import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.model.Budget;

import java.time.Duration;

/**
 * Knobs of an exploration.
 *
 * <p>The limits are a {@link Budget}: what the analysis's {@link Budget.Meter} is started with, by
 * the command (or the caller that runs one analysis). The engines are handed that started meter
 * and read its clock; they never start one from these limits part-way, so one time limit binds an
 * analysis from the moment its command began.
 *
 * @param budget     the limits: kept states, wall-clock time (null: none) and live heap; exceeding one
 *                   makes the analysis inconclusive
 * @param graphLimit record the explored graph for export up to this many vertices (0: do not record)
 * @param diveStates states per turn when {@link SearchOrder#AUTO} alternates depth-first and breadth-first
 * @param greedyFirst decide before the search where possible: the global demand check, then the greedy
 *                   policies (whose failed runs seed depth-first)
 * @param threads    threads of one analysis: with two or more, breadth-first search expands each
 *                   layer's vertices on that many threads, and {@link SearchOrder#AUTO} runs its
 *                   depth-first turn on one of them beside the breadth-first one (on the others);
 *                   the result is that of one thread
 * @param engine     which engine decides: the graph search (the default), the solver engine, or both
 *                   side by side (docs/solver.md)
 */
public record Options(MergeLevel merge, SearchOrder search, StopRule stop, Objective objective, Budget budget,
                      long graphLimit, long diveStates, boolean greedyFirst, int threads, EngineKind engine) {

    public static final long DEFAULT_MAX_STATES = Budget.DEFAULT_MAX_STATES;
    public static final long DEFAULT_DIVE_STATES = 20_000L;

    public static Options defaults() {
        return new Options(MergeLevel.DOMINATION, SearchOrder.AUTO, StopRule.FIRST, Objective.EARLIEST_FINISH,
                Budget.defaults(), 0, DEFAULT_DIVE_STATES, true, 1, EngineKind.GRAPH);
    }

    public Options withEngine(EngineKind e) {
        return new Options(merge, search, stop, objective, budget, graphLimit, diveStates, greedyFirst, threads, e);
    }

    public Options withMerge(MergeLevel m) {
        return new Options(m, search, stop, objective, budget, graphLimit, diveStates, greedyFirst, threads, engine);
    }

    public Options withSearch(SearchOrder s) {
        return new Options(merge, s, stop, objective, budget, graphLimit, diveStates, greedyFirst, threads, engine);
    }

    public Options withStop(StopRule s, Objective o) {
        return new Options(merge, search, s, o, budget, graphLimit, diveStates, greedyFirst, threads, engine);
    }

    /** These states and this time (null: none), the heap fraction kept. */
    public Options withBudget(long states, Duration time) {
        return withBudget(new Budget(states, time, budget.maxHeapFraction()));
    }

    public Options withBudget(Budget b) {
        return new Options(merge, search, stop, objective, b, graphLimit, diveStates, greedyFirst, threads, engine);
    }

    public Options withGraphLimit(long limit) {
        return new Options(merge, search, stop, objective, budget, limit, diveStates, greedyFirst, threads, engine);
    }

    /** Without the early decisions: the plain search (the paper's configurations, e.g. --merge none curves). */
    public Options withGreedyFirst(boolean on) {
        return new Options(merge, search, stop, objective, budget, graphLimit, diveStates, on, threads, engine);
    }

    public Options withThreads(int n) {
        return new Options(merge, search, stop, objective, budget, graphLimit, diveStates, greedyFirst, Math.max(1, n),
                engine);
    }
}
