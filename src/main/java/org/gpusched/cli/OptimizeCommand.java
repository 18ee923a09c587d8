package org.gpusched.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.explore.result.Verdict;
import org.gpusched.input.InputText;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import org.gpusched.report.Json;
import org.gpusched.report.OptimizeReports;
import org.gpusched.report.OutputFormat;
import org.gpusched.timepart.*;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

@Command(name = "optimize", mixinStandardHelpOptions = true)
final class OptimizeCommand extends CommonCommand implements NoCsv {
    enum Goal { window, slack }

    /** Progress lines at most this often on long searches. */
    static final long PROGRESS_NANOS = 2_000_000_000L;
    /** Grid placements per window length at most: beyond, the search could not end in any useful time. */
    static final long MAX_PLACEMENTS = 10_000_000L;

    @Option(names = "--windows")
    boolean windows;

    @Option(names = "--plan")
    boolean plan;

    @Mixin
    PlanOptions planOptions;

    @Option(names = "--objective", paramLabel = "GOAL", defaultValue = "window")
    Goal objective;

    @Option(names = "--partition", paramLabel = "NAME")
    String partition;

    @Option(names = "--step", paramLabel = "TICKS", converter = NumericOptions.Positive.class)
    Long step;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class)
    Duration timeLimit;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Mixin
    SharedOptions.OutputFile output;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), plan == windows, "give one of --windows or --plan");
        Usage.refuse(cl(), windows && planOptions.trace != null, "--trace records a --plan search, not --windows");
        String content = InputText.read(file);
        Workload w = common.workloadReader().read(file.toString(), content);
        String name = Escapes.text(file.toString());
        Target t = target();
        if (plan && planOptions.trace != null) {
            t.outputs().check(planOptions.trace);
        }
        Budget.Meter meter = Budget.of(Budget.DEFAULT_MAX_STATES, timeLimit).start();
        return plan ? plan(content, w, name, t, meter) : windows(content, w, name, t, meter);
    }

    private int windows(String content, Workload w, String name, Target t, Budget.Meter meter) throws IOException {
        OptimizeRuns.Windows r = Usage.parsed(cl(), "", () -> OptimizeRuns.windows(file.toString(), w, partition, step,
                MAX_PLACEMENTS, objective == Goal.slack ? WindowSearch.Objective.SLACK : WindowSearch.Objective.WINDOW,
                meter, progress("analyses")));
        Verdict v = r.before() == null || r.search().spent() != null ? Verdict.INCONCLUSIVE
                : r.result() == null ? Verdict.NOT_SCHEDULABLE : Verdict.SCHEDULABLE;
        String written = r.result() == null ? null
                : written(PlanDocument.withWindow(content, r.partition(), r.result().window()), t);
        return report(t, v, OptimizeReports.windowsJson(file.toString(), r, v, written),
                r.result() == null ? null : OptimizeReports.found(r),
                report -> OptimizeReports.windows(report, name, r), written);
    }

    private int plan(String content, Workload w, String name, Target t, Budget.Meter meter) throws IOException {
        boolean offsetBased = planOptions.analysis == PlanOptions.Analysis.offset_based;
        OptimizeRuns.Plan r = OptimizeRuns.plan(file.toString(), w, offsetBased, objective == Goal.window
                ? TimePartitionSearch.Objective.WINDOW : TimePartitionSearch.Objective.SLACK, planOptions.seed, meter,
                progress("plans analysed"));
        if (planOptions.trace != null) {
            t.outputs().writeString(planOptions.trace, OptimizeReports.planTrace(r.flows(), r.trace()));
        }
        Verdict v = r.spent() ? Verdict.INCONCLUSIVE : r.best() == null ? Verdict.NOT_SCHEDULABLE : Verdict.SCHEDULABLE;
        String written = r.best() == null ? null : written(PlanDocument.withPlan(content, w, r.best()), t);
        String gpu = w.platform().gpuAccess().id();
        return report(t, v, OptimizeReports.planJson(file.toString(), r.trace().size(), offsetBased, gpu, r.best(), v,
                written), r.best() == null ? null : "plan " + OptimizeReports.found(r.best()), report ->
                OptimizeReports.plan(report, name, r.trace().size(), offsetBased, gpu, r.best(), r.spent()), written);
    }

    /**
     * The report in the format asked: the JSON line, the one line of -q, or the text report and the file written
     * (the workload on stdout is not named); the verdict's exit code.
     */
    private int report(Target t, Verdict v, ObjectNode json, String found, Consumer<PrintWriter> text,
                       String written) {
        String shown = written == null || Outputs.isStdout(t.out()) ? null : Escapes.text(written);
        if (common.format == OutputFormat.json) {
            t.report().println(Json.line(json));
        } else if (common.quiet) {
            t.report().println(OptimizeReports.quiet(Escapes.text(file.toString()), v, found, shown));
        } else {
            text.accept(t.report());
            if (shown != null) {
                t.report().println("  written       " + shown);
            }
        }
        return v.exitCode();
    }

    /** Where the optimised workload goes, checked before the search; the report goes to stderr when "-" is stdout. */
    record Target(Path out, Outputs outputs, PrintWriter report) { }

    Target target() {
        Path out = output.path != null ? output.path
                : file.toString().equals("-") ? Path.of("-") : Outputs.beside(file, ".optimized.json");
        return new Target(out, output.outputs(file, out, out()), report(out, planOptions.trace));
    }

    /** A progress line on stderr at most every {@link #PROGRESS_NANOS}: "optimize: N WHAT so far" (-q: none). */
    LongConsumer progress(String what) {
        if (common.quiet) {
            return n -> { };
        }
        PrintWriter err = err();
        long[] last = {System.nanoTime()};
        return n -> {
            if (System.nanoTime() - last[0] > PROGRESS_NANOS) {
                last[0] = System.nanoTime();
                err.println("optimize: " + n + " " + what + " so far");
                err.flush();
            }
        };
    }

    /** Writes the optimised workload (checked first: a file that does not read back is a bug); where it went. */
    String written(String json, Target t) {
        common.workloadReader().read(t.out().toString(), json);
        t.outputs().writeString(t.out(), json);
        return t.out().toString();
    }
}
