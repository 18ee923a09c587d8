package org.gpusched.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.experiment.Bench;
import org.gpusched.experiment.Scenario;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
                "  gpusched bench --tasks 16 --utilizations 1.4 --time-limit 60s --no-compare"})
final class BenchCommand implements Callable<Integer> {
    /** CSV header: the JSON field names, in the JSON order (docs/report-format.md). */
    static final List<String> COLUMNS = List.of("timeUnit", "tasks", "utilization", "sets", "decided", "inconclusive",
            "schedulableSets", "notSchedulableSets", "medianTime", "p95Time", "maxTime", "schedulableMedianTime",
            "schedulableP95Time", "notSchedulableMedianTime", "notSchedulableP95Time", "vertices", "peakHeapMiB",
            "noMergeCompared", "ratioVsNoMerge", "vertexRatioVsNoMerge", "decidedBeforeSearch", "medianCpuTime",
            "maxCpuTime", "totalCpuTime", "totalTime", "checksShare", "boundShare", "expansionShare");

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
    @Option(names = "--sets", paramLabel = "N", defaultValue = "20", description = "Sets per point. Default: ${DEFAULT-VALUE}.")
    int sets;
    @Option(names = "--scenario", paramLabel = "S", defaultValue = "large",
            description = "Slowdown scenario: small, large or mixed. Default: ${DEFAULT-VALUE}.")
    String scenario;
    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Base seed. Default: ${DEFAULT-VALUE}.")
    long seed;
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
    @Option(names = "--threads", paramLabel = "N",
            description = "Threads per analysis (as analyze --threads). Default: the available cores.")
    Integer threads;
    @Option(names = "--warmup", paramLabel = "N", defaultValue = "30",
            description = "Unmeasured sets run first to warm up the JIT. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Bench.Config config = new Bench.Config(tasks, utilizations, sets, Scenario.parse(scenario), seed,
                Bench.dominationOptions(maxStates, timeLimit, threads == null ? Runtime.getRuntime().availableProcessors()
                        : threads), Bench.noMergeOptions(noMergeStates, noMergeLimit),
                noCompare ? 0 : compareUpTo, warmup);
        if (common.format == OutputFormat.csv) {
            out.println(String.join(",", COLUMNS));
        } else if (common.format == OutputFormat.text) {
            out.printf(Locale.ROOT, "%5s %5s %5s %7s %6s %5s %5s %10s %10s %10s %11s %11s %10s %10s %10s %7s %7s %9s %7s %7s %7s%n",
                    "tasks", "U", "sets", "decided", "greedy", "feas", "infea", "median ms", "p95 ms", "max ms",
                    "feas p95", "infeas p95", "cpu med ms", "cpu max ms", "vertices", "heapMiB", "x none", "vtx x none",
                    "checks%", "bounds%", "expand%");
        }
        Bench.run(config, p -> {
            print(out, p);
            out.flush();
        });
        return ExitCodes.OK;
    }

    private void print(PrintWriter out, Bench.Point p) {
        long heapMiB = p.peakHeapBytes() >> 20;
        switch (common.format) {
            case json -> {
                // The report vocabulary (docs/report-format.md): analysis times in timeUnit, not a unit per name;
                // "schedulable" rather than "feasible" for the verdict the sets got.
                ObjectNode o = Json.object().put("timeUnit", "ms").put("tasks", p.tasks())
                        .put("utilization", p.utilization()).put("sets", p.sets()).put("decided", p.decided())
                        .put("inconclusive", p.inconclusive()).put("schedulableSets", p.feasible())
                        .put("notSchedulableSets", p.infeasible());
                num(o, "medianTime", p.medianMs());
                num(o, "p95Time", p.p95Ms());
                num(o, "maxTime", p.maxMs());
                num(o, "schedulableMedianTime", p.feasibleMedianMs());
                num(o, "schedulableP95Time", p.feasibleP95Ms());
                num(o, "notSchedulableMedianTime", p.infeasibleMedianMs());
                num(o, "notSchedulableP95Time", p.infeasibleP95Ms());
                if (p.vertices() == Math.rint(p.vertices())) {
                    o.put("vertices", (long) p.vertices()); // a count: an integer unless a median falls between two
                } else {
                    num(o, "vertices", p.vertices());
                }
                o.put("peakHeapMiB", heapMiB).put("noMergeCompared", p.noMergeCompared());
                num(o, "ratioVsNoMerge", p.ratioVsNoMerge());
                num(o, "vertexRatioVsNoMerge", p.vertexRatioVsNoMerge());
                o.put("decidedBeforeSearch", p.decidedBeforeSearch());
                num(o, "medianCpuTime", p.cpuMedianMs());
                num(o, "maxCpuTime", p.cpuMaxMs());
                num(o, "totalCpuTime", p.cpuTotalMs());
                num(o, "totalTime", p.wallTotalMs());
                num(o, "checksShare", p.checksShare());
                num(o, "boundShare", p.boundShare());
                num(o, "expansionShare", p.expansionShare());
                out.println(Json.line(o));
            }
            case csv -> out.println(Csv.row("ms", p.tasks(), cell(p.utilization()), p.sets(), p.decided(), p.inconclusive(),
                    p.feasible(), p.infeasible(), cell(p.medianMs()), cell(p.p95Ms()), cell(p.maxMs()),
                    cell(p.feasibleMedianMs()), cell(p.feasibleP95Ms()), cell(p.infeasibleMedianMs()),
                    cell(p.infeasibleP95Ms()), count(p.vertices()), heapMiB, p.noMergeCompared(), cell(p.ratioVsNoMerge()),
                    cell(p.vertexRatioVsNoMerge()), p.decidedBeforeSearch(), cell(p.cpuMedianMs()), cell(p.cpuMaxMs()),
                    cell(p.cpuTotalMs()), cell(p.wallTotalMs()), cell(p.checksShare()), cell(p.boundShare()),
                    cell(p.expansionShare())));
            default -> out.printf(Locale.ROOT,
                    "%5d %5.2f %5d %7d %6d %5d %5d %10s %10s %10s %11s %11s %10s %10s %10s %7d %7s %9s %7s %7s %7s%n",
                    p.tasks(), p.utilization(), p.sets(), p.decided(), p.decidedBeforeSearch(), p.feasible(),
                    p.infeasible(), fmt(p.medianMs()), fmt(p.p95Ms()), fmt(p.maxMs()), fmt(p.feasibleP95Ms()),
                    fmt(p.infeasibleP95Ms()), fmt(p.cpuMedianMs()), fmt(p.cpuMaxMs()), count(p.vertices()), heapMiB,
                    fmt(p.ratioVsNoMerge()), fmt(p.vertexRatioVsNoMerge()), percent(p.checksShare()),
                    percent(p.boundShare()), percent(p.expansionShare()));
        }
    }

    private static void num(ObjectNode o, String key, double v) {
        if (Double.isNaN(v)) {
            o.putNull(key);
        } else {
            o.put(key, Math.round(v * 1000) / 1000.0);
        }
    }

    /** A CSV cell: a missing number is empty, not "-" (docs/report-format.md). */
    private static String cell(double v) {
        return Double.isNaN(v) ? "" : fmt(v);
    }

    /** A median count: an integer, or x.5 when the median falls between two sets. */
    private static String count(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f", 100 * share);
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3f", v);
    }
}
