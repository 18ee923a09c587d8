package org.gpusched.cli;

import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.model.Budget;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.time.Duration;

/** Explorer knobs shared by the commands that run GPUSched (a picocli mixin). */
public final class ExploreOptions {
    @Option(names = "--merge", paramLabel = "LEVEL", defaultValue = "domination",
            description = "State merging: none, exact (same state and time), domination (same state, "
                    + "all times in one vertex; the paper's) or canonical (domination, states that differ by a "
                    + "permutation of interchangeable tasks merged, later times of settled states dropped). "
                    + "Default: ${DEFAULT-VALUE}.")
    MergeLevel merge;

    @Option(names = "--search", paramLabel = "ORDER", defaultValue = "auto",
            description = "Expansion order: auto (a short dfs dive, then bfs), dfs, bfs (layer by completed "
                    + "jobs) or earliest-time-first. "
                    + "Default: ${DEFAULT-VALUE}.")
    SearchOrder search;

    @Option(names = "--stop", paramLabel = "RULE", defaultValue = "first",
            description = "first: stop at the first schedulable path; all: explore everything and pick by "
                    + "--objective. Default: ${DEFAULT-VALUE}.")
    StopRule stop;

    @Option(names = "--objective", paramLabel = "OBJ", defaultValue = "earliest-finish",
            description = "With --stop all: earliest-finish, fewest-parallel or most-slack. Default: ${DEFAULT-VALUE}.")
    Objective objective;

    @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "20000000",
            description = "Inconclusive (exit 3) after keeping N states. Default: ${DEFAULT-VALUE}.")
    long maxStates;

    @Option(names = "--time-limit", paramLabel = "DURATION",
            description = "Inconclusive (exit 3) after this much analysis time, e.g. 500ms, 10s, 2m.")
    Duration timeLimit;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    Integer threads;

    @Option(names = "--threads", paramLabel = "N", converter = NumericOptions.Threads.class,
            description = "Threads of one analysis: breadth-first layers are expanded on N threads (--search auto: its "
                    + "depth-first turn runs on one of them, beside the breadth-first one on the others); the result "
                    + "is the same for every N. Default: the available cores.")
    void threads(int n) {
        if (n < 1) {
            throw new ParameterException(mixee.commandLine(), "--threads must be at least 1, got " + n);
        }
        threads = n;
    }

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "graph",
            description = "graph: the GPUSched graph search; solver: the constraint-solver engine (a relaxation that "
                    + "refutes, solutions played as PBS and checked); portfolio: both side by side, the first sound "
                    + "verdict wins (the solver starts when the search has not decided quickly; from 3 threads on, "
                    + "diversified depth-first searches over a shared visited set too, from 8 on the earliest-time "
                    + "sweeps and window relaxations on threads of their own); auto: portfolio with "
                    + "three or more threads, else graph. Default: ${DEFAULT-VALUE}.")
    EngineKind engine;

    @Option(names = "--no-greedy", description = "The plain search: no global demand check and no greedy policies "
            + "before it (see docs/explorer.md).")
    boolean noGreedy;

    /** The budget every method of the command runs under. */
    Budget budget() {
        return Budget.of(maxStates, timeLimit);
    }

    Options toOptions(long graphLimit) {
        return toOptions(graphLimit, timeLimit);
    }

    private Options toOptions(long graphLimit, Duration time) {
        return Options.defaults().withMerge(merge).withSearch(search).withStop(stop, objective)
                .withBudget(maxStates, time).withGraphLimit(graphLimit).withGreedyFirst(!noGreedy)
                .withThreads(threads == null ? Runtime.getRuntime().availableProcessors() : threads)
                .withEngine(engine == null ? EngineKind.GRAPH : engine);
    }
}
