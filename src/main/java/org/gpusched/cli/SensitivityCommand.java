package org.gpusched.cli;

import org.gpusched.explore.result.Verdict;
import org.gpusched.margin.Sensitivity;
import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import org.gpusched.report.SensitivityReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

@Command(name = "sensitivity", mixinStandardHelpOptions = true)
final class SensitivityCommand extends CommonCommand {
    @Mixin
    ExploreOptions explore;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Option(names = "--each-time-limit", paramLabel = "DURATION", converter = DurationConverter.class)
    Duration each;

    @Mixin
    SharedOptions.HtmlPage html;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = report(html.file);
        if (common.format == OutputFormat.csv) {
            out.println(SensitivityReports.CSV_HEADER);
        }
        Outputs outputs = html.outputs(files, out());
        List<SensitivityReports.Entry> pages = new ArrayList<>();
        Budget.Meter whole = explore.budget().start();
        // Each step runs under a meter inside the command's: its own --each-time-limit, and what is left of --time-limit.
        Budget step = Budget.of(explore.budget().maxStates(), each);
        PrintWriter err = err();
        int exit = TaskSetFiles.each(files, common.reader()::read, common, out, err, null, (f, ts) -> {
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
            if (html.file != null) {
                pages.add(new SensitivityReports.Entry(f.toString(), ts, r));
            }
            switch (common.format) {
                case json -> out.println(Json.line(SensitivityReports.json(f.toString(), ts, r)));
                case csv -> SensitivityReports.csv(out, f.toString(), ts, r);
                default -> SensitivityReports.text(out, f.toString(), ts, r, common.quiet);
            }
            boolean conclusive = r.all().conclusive() && r.tasks().values().stream().allMatch(Sensitivity.Bound::conclusive);
            return conclusive && r.original() != Verdict.INCONCLUSIVE ? r.original().exitCode() : ExitCodes.INCONCLUSIVE;
        });
        if (html.file != null && !pages.isEmpty()) {
            outputs.writeString(html.file, SensitivityReports.html(pages));
        }
        return exit;
    }
}
