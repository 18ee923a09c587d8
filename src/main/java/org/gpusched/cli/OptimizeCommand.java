package org.gpusched.cli;

import org.gpusched.input.InputText;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import org.gpusched.report.OptimizeReports;
import org.gpusched.timepart.*;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongConsumer;

@Command(name = "optimize", mixinStandardHelpOptions = true)
final class OptimizeCommand extends BaseCommand {
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
        Workload w = new WorkloadReader().read(file.toString(), content);
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
        if (r.before() == null) {
            t.report().printf(Locale.ROOT, "%s: inconclusive: %s before the first analysis ended%n", name,
                    r.spentBefore());
            return ExitCodes.INCONCLUSIVE;
        }
        OptimizeReports.windows(t.report(), name, r.plan().partitions().get(r.partition()), r.plan().majorFrame(),
                r.before(), r.search(), r.result(), r.serialisation());
        int done = r.search().spent() == null ? ExitCodes.OK : ExitCodes.INCONCLUSIVE;
        if (r.result() == null) {
            return done == ExitCodes.OK ? ExitCodes.NOT_SCHEDULABLE : done;
        }
        return written(PlanDocument.withWindow(content, r.partition(), r.result().window()), t, done);
    }

    private int plan(String content, Workload w, String name, Target t, Budget.Meter meter) throws IOException {
        boolean offsetBased = planOptions.analysis == PlanOptions.Analysis.offset_based;
        OptimizeRuns.Plan r = OptimizeRuns.plan(file.toString(), w, offsetBased, objective == Goal.window
                ? TimePartitionSearch.Objective.WINDOW : TimePartitionSearch.Objective.SLACK, planOptions.seed, meter,
                progress("plans analysed"));
        if (planOptions.trace != null) {
            t.outputs().writeString(planOptions.trace, OptimizeReports.planTrace(r.flows(), r.trace()));
        }
        OptimizeReports.plan(t.report(), name, r.trace().size(), offsetBased, w.platform().gpuAccess().id(), r.best(),
                r.spent());
        int done = r.spent() ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
        if (r.best() == null) {
            return r.spent() ? done : ExitCodes.NOT_SCHEDULABLE;
        }
        return written(PlanDocument.withPlan(content, w, r.best()), t, done);
    }

    /** Where the optimised workload goes, checked before the search; the report goes to stderr when "-" is stdout. */
    record Target(Path out, Outputs outputs, PrintWriter report) { }

    Target target() {
        Path out = output.path != null ? output.path
                : file.toString().equals("-") ? Path.of("-") : Outputs.beside(file, ".optimized.json");
        return new Target(out, output.outputs(file, out, out()), report(out, planOptions.trace));
    }

    /** A progress line on stderr at most every {@link #PROGRESS_NANOS}: "optimize: N WHAT so far". */
    LongConsumer progress(String what) {
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

    /** Writes the optimised workload (checked first: a file that does not read back is a bug) and says where. */
    int written(String json, Target t, int code) {
        new WorkloadReader().read(t.out().toString(), json);
        t.outputs().writeString(t.out(), json);
        if (!Outputs.isStdout(t.out())) {
            t.report().println("  written       " + Escapes.text(t.out().toString()));
        }
        return code;
    }
}
