package org.gpusched.cli;

import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.margin.Sensitivity;
import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import org.gpusched.report.SensitivityReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "sensitivity", mixinStandardHelpOptions = true,
        description = {"Find how far the WCETs can grow before a task set stops being schedulable.",
                "The largest factor for all WCETs at once (one step = one tick of the largest WCET), and per task",
                "the largest WCET of that task alone, by binary search over the exact analysis; --time-limit",
                "binds the whole command, --each-time-limit and --max-states each analysis. A set with offsets and",
                "no idle instant is analysed from power-on, as analyze does. See docs/cli.md."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched sensitivity examples/jetson-orin-perception.json",
                "  gpusched sensitivity examples/paper-fig1.json --format json",
                "  gpusched sensitivity examples/*.json --format csv --time-limit 10s",
                "", "Exit code: the set's own verdict (0 schedulable, 1 not), 3 when a step was inconclusive,"
                + " 2 on invalid input."})
final class SensitivityCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    @Mixin
    ExploreOptions explore;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Task-set files (v1 JSON); - reads stdin.")
    List<Path> files;

    @Option(names = "--each-time-limit", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Inconclusive (exit 3) step after this much time in one analysis; --time-limit binds"
                    + " the whole command.")
    Duration each;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (common.format == OutputFormat.csv) {
            out.println(SensitivityReports.CSV_HEADER);
        }
        Budget.Meter whole = explore.budget().start();
        // Each step runs under a meter inside the command's: its own --each-time-limit, and what is left of --time-limit.
        Budget step = Budget.of(explore.budget().maxStates(), each);
        PrintWriter err = spec.commandLine().getErr();
        return TaskSetFiles.each(files, common.reader(), common, out, err, (f, ts) -> {
            Sensitivity.Result r;
            try {
                // The question analyze answers: from power-on (the prefix, then the periodic part) when the
                // set has offsets and no cut at 0, else the steady state, which is then the same thing.
                r = new Sensitivity(ts, v -> whole.timeNote() != null ? Verdict.INCONCLUSIVE
                        : PbsQuestion.fromPowerOn(v, explore.toOptions(0), whole.inner(step)).analysis().verdict())
                        .run();
            } catch (InputException e) {
                // A file this command cannot answer is reported like an unreadable one; the others go on.
                err.println(e.getMessage());
                if (common.format == OutputFormat.json) {
                    out.println(Json.line(Json.object().put("file", f.toString()).put("error", e.getMessage())));
                }
                return ExitCodes.INVALID;
            }
            switch (common.format) {
                case json -> out.println(Json.line(SensitivityReports.json(f.toString(), ts, r)));
                case csv -> SensitivityReports.csv(out, f.toString(), ts, r);
                default -> SensitivityReports.text(out, f.toString(), ts, r, common.quiet);
            }
            boolean conclusive = r.all().conclusive() && r.tasks().values().stream().allMatch(Sensitivity.Bound::conclusive);
            return conclusive && r.original() != Verdict.INCONCLUSIVE ? r.original().exitCode() : ExitCodes.INCONCLUSIVE;
        });
    }
}
