package org.gpusched.cli;

import org.gpusched.experiment.Bench;
import org.gpusched.experiment.HardSets;
import org.gpusched.experiment.Progress;
import org.gpusched.experiment.Scenario;
import org.gpusched.experiment.SweepChecks;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.model.ExitCodes;
import org.gpusched.report.BenchReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

@Command(name = "bench", mixinStandardHelpOptions = true)
final class BenchCommand extends CommonCommand {
    @Mixin
    ProgressOption progress;

    @Option(names = "--tasks", split = ",", paramLabel = "N", defaultValue = "4,5,6,7,8,9,10,12,14,16,20,24")
    List<Integer> tasks;
    @Option(names = "--utilizations", split = ",", paramLabel = "U", defaultValue = "0.6,1.0,1.4")
    List<Double> utilizations;
    @Mixin
    SharedOptions.Sets sets = new SharedOptions.Sets(20);
    @Option(names = "--scenario", paramLabel = "S", defaultValue = "large")
    Scenario scenario;
    @Mixin
    SharedOptions.Seed seed;
    @Option(names = "--time-limit", paramLabel = "DURATION", defaultValue = "60s")
    Duration timeLimit;
    @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "20000000")
    long maxStates;
    @Option(names = "--no-merge-limit", paramLabel = "DURATION", defaultValue = "10s")
    Duration noMergeLimit;
    @Option(names = "--no-merge-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "5000000")
    long noMergeStates;
    @Option(names = "--no-compare")
    boolean noCompare;
    @Option(names = "--compare-up-to", paramLabel = "N", defaultValue = "8")
    int compareUpTo;
    @Option(names = "--threads", paramLabel = "N", converter = NumericOptions.Threads.class)
    Integer threads;
    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "graph")
    EngineKind engine;
    @Option(names = "--hard-sets")
    boolean hardSets;
    @Option(names = "--engines", split = ",", paramLabel = "ENGINE", defaultValue = "graph,solver,portfolio")
    List<EngineKind> engines;
    @Option(names = "--warmup", paramLabel = "N", defaultValue = "30")
    int warmup;

    /** Whether the user gave this option (--hard-sets has defaults of its own). */
    private boolean given(String option) {
        return cl().getParseResult().hasMatchedOption(option);
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        int all = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        List<Double> us = hardSets && !given("--utilizations") ? List.of(1.4, 1.6) : utilizations;
        List<Integer> ns = hardSets && !given("--tasks") ? List.of(12, 14, 16, 20, 24, 32) : tasks;
        ns.forEach(n -> Usage.refuse(cl(), SweepChecks.paperSets(1, us, sets.value, n)));
        if (hardSets) {
            HardSets.Config config = new HardSets.Config(us, ns, given("--sets") ? sets.value : 10,
                    scenario, seed.value, engines, all > 1 ? List.of(1, all) : List.of(1), maxStates,
                    given("--time-limit") ? timeLimit : Duration.ofSeconds(30), warmup);
            BenchReports.hardSetHeader(out, common.format);
            HardSets.run(config, r -> {
                BenchReports.hardSetRow(out, common.format, r);
                out.flush();
            });
            return ExitCodes.OK;
        }
        Bench.Config config = new Bench.Config(tasks, utilizations, sets.value, scenario, seed.value,
                Bench.engineOptions(maxStates, timeLimit, all, engine), Bench.noMergeOptions(noMergeStates, noMergeLimit),
                noCompare ? 0 : compareUpTo, warmup);
        BenchReports.header(out, common.format);
        // The bar is erased before each point's row, then drawn again: a row never lands inside it.
        try (Progress bar = Progress.bar(progress.to(err(), common.quiet), "bench", Bench.total(config))) {
            Bench.run(config, p -> {
                Runnable row = () -> {
                    BenchReports.point(out, common.format, p);
                    out.flush();
                };
                if (bar == null) {
                    row.run();
                } else {
                    bar.printing(row);
                }
            }, bar == null ? () -> { } : bar::step);
        }
        return ExitCodes.OK;
    }
}
