package org.gpusched.cli;

import org.gpusched.experiment.Bench;
import org.gpusched.experiment.HardSets;
import org.gpusched.experiment.Scenario;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.model.ExitCodes;
import org.gpusched.report.BenchReports;
import org.gpusched.report.HardSetReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark the explorer on the paper's workload with fixed seeds.",
                "Per (tasks, utilisation): the sets decided within the budget (and how many before any search),",
                "median, p95 and maximum wall time, median, maximum and total process CPU time, vertices, peak heap,",
                "the speed and vertex ratios against --merge none on the same sets, and the shares of time in checks",
                "before the search, per-state bounds and expansion. Times exclude JVM start."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched bench --tasks 5 --utilizations 1.0 --sets 50",
                "  gpusched bench --tasks 4,5,6,7,8,9,10,12,16 --format json > bench.jsonl",
                "  gpusched bench --tasks 16 --utilizations 1.4 --time-limit 60s --no-compare",
                "  gpusched bench --hard-sets --tasks 12 --utilizations 1.4 --sets 3 --time-limit 10s"})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;

    @Option(names = "--tasks", split = ",", paramLabel = "N", defaultValue = "4,5,6,7,8,9,10,12,14,16,20,24",
            description = "Task counts. Default: ${DEFAULT-VALUE}.")
    List<Integer> tasks;
    @Option(names = "--utilizations", split = ",", paramLabel = "U", defaultValue = "0.6,1.0,1.4",
            description = "Total utilisations. Default: ${DEFAULT-VALUE}.")
    List<Double> utilizations;
    @Mixin
    SharedOptions.Sets sets = new SharedOptions.Sets(20);
    @Option(names = "--scenario", paramLabel = "S", defaultValue = "large",
            description = "Slowdown scenario: small, large or mixed. Default: ${DEFAULT-VALUE}.")
    String scenario;
    @Mixin
    SharedOptions.Seed seed;
    @Option(names = "--time-limit", paramLabel = "DURATION", defaultValue = "60s",
            description = "Per-set limit of the measured analysis. Default: ${DEFAULT-VALUE}.")
    Duration timeLimit;
    @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "20000000",
            description = "Per-set state budget of the measured analysis. Default: ${DEFAULT-VALUE}.")
    long maxStates;
    @Option(names = "--no-merge-limit", paramLabel = "DURATION", defaultValue = "10s",
            description = "Per-set limit of the --merge none comparison run. Default: ${DEFAULT-VALUE}.")
    Duration noMergeLimit;
    @Option(names = "--no-merge-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "5000000",
            description = "Per-set state budget of the --merge none run. Default: ${DEFAULT-VALUE}.")
    long noMergeStates;
    @Option(names = "--no-compare", description = "Skip the --merge none comparison.")
    boolean noCompare;
    @Option(names = "--compare-up-to", paramLabel = "N", defaultValue = "8",
            description = "Compare with --merge none only up to this many tasks (beyond, it mostly hits its "
                    + "budget). Default: ${DEFAULT-VALUE}.")
    int compareUpTo;
    @Option(names = "--threads", paramLabel = "N", converter = NumericOptions.Threads.class,
            description = "Threads per analysis (as analyze --threads). Default: the available cores.")
    Integer threads;
    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "graph",
            description = "The engine timed (as analyze --engine): graph, solver, portfolio or auto. "
                    + "Default: ${DEFAULT-VALUE}.")
    EngineKind engine;
    @Option(names = "--hard-sets",
            description = "The hard-set point table instead: per point (default U = 1.4 and 1.6, n = 12, 14, 16, 20, 24,"
                    + " 10 sets, 30 s each), every engine of --engines at one thread and at --threads; decided sets, proofs"
                    + " of infeasibility, verdicts of the solver engine and wall times.")
    boolean hardSets;
    @Option(names = "--engines", split = ",", paramLabel = "ENGINE", defaultValue = "graph,solver,portfolio",
            description = "With --hard-sets: the engines compared. Default: ${DEFAULT-VALUE}.")
    List<EngineKind> engines;
    @Option(names = "--warmup", paramLabel = "N", defaultValue = "30",
            description = "Unmeasured sets run first to warm up the JIT. Default: ${DEFAULT-VALUE}.")
    int warmup;

    /** Whether the user gave this option (--hard-sets has defaults of its own). */
    private boolean given(String option) {
        return spec.commandLine().getParseResult().hasMatchedOption(option);
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int all = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (hardSets) {
            HardSets.Config config = new HardSets.Config(given("--utilizations") ? utilizations : List.of(1.4, 1.6),
                    given("--tasks") ? tasks : List.of(12, 14, 16, 20, 24), given("--sets") ? sets.value : 10,
                    Scenario.parse(scenario), seed.value, engines, all > 1 ? List.of(1, all) : List.of(1), maxStates,
                    given("--time-limit") ? timeLimit : Duration.ofSeconds(30), warmup);
            HardSetReports.header(out, common.format);
            HardSets.run(config, r -> {
                HardSetReports.row(out, common.format, r);
                out.flush();
            });
            return ExitCodes.OK;
        }
        Bench.Config config = new Bench.Config(tasks, utilizations, sets.value, Scenario.parse(scenario), seed.value,
                Bench.engineOptions(maxStates, timeLimit, all, engine), Bench.noMergeOptions(noMergeStates, noMergeLimit),
                noCompare ? 0 : compareUpTo, warmup);
        BenchReports.header(out, common.format);
        Bench.run(config, p -> {
            BenchReports.point(out, common.format, p);
            out.flush();
        });
        return ExitCodes.OK;
    }
}
