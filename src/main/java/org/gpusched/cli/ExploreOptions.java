package org.gpusched.cli;

import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.model.Budget;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.Locale;

/** Explorer knobs shared by the commands that run GPUSched (a picocli mixin). */
public final class ExploreOptions {
    @Option(names = "--merge", paramLabel = "LEVEL", defaultValue = "domination")
    MergeLevel merge;

    @Option(names = "--search", paramLabel = "ORDER", defaultValue = "auto")
    SearchOrder search;

    @Option(names = "--stop", paramLabel = "RULE", defaultValue = "first")
    StopRule stop;

    @Option(names = "--objective", paramLabel = "OBJ", defaultValue = "earliest-finish")
    Objective objective;

    @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "20000000")
    long maxStates;

    @Option(names = "--time-limit", paramLabel = "DURATION", descriptionKey = "explore.time-limit")
    Duration timeLimit;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "graph")
    EngineKind engine;

    @Option(names = "--no-greedy")
    boolean noGreedy;

    /** Declared after --no-greedy: the completion script lists the flags in declaration order. */
    @Option(names = "--threads", paramLabel = "N", converter = NumericOptions.Threads.class,
            descriptionKey = "explore.threads")
    Integer threads;

    /**
     * Refuses (exit 2, one line) an engine option the command could not honour: an engine other
     * than the graph search where no method asks the PBS question ({@code pbsMethods} false), and
     * the solver engine with {@code --stop all}, whose first schedule no objective chose.
     */
    void refuseUnhonoured(CommandLine cl, boolean pbsMethods) {
        String name = engine.name().toLowerCase(Locale.ROOT);
        Usage.refuse(cl, engine != EngineKind.GRAPH && !pbsMethods,
                "--engine " + name + " applies to --method gpusched only (the other methods have no engine)");
        Usage.refuse(cl, engine == EngineKind.SOLVER && stop == StopRule.ALL,
                "--engine solver cannot honour --stop all (it returns the first schedule it finds, which no objective"
                        + " chose): use --engine graph or portfolio");
    }

    /** The budget every method of the command runs under. */
    Budget budget() {
        return Budget.of(maxStates, timeLimit);
    }

    Options toOptions(long graphLimit) {
        return Options.defaults().withMerge(merge).withSearch(search).withStop(stop, objective)
                .withBudget(maxStates, timeLimit).withGraphLimit(graphLimit).withGreedyFirst(!noGreedy)
                .withThreads(threads == null ? Runtime.getRuntime().availableProcessors() : threads)
                .withEngine(engine);
    }
}
