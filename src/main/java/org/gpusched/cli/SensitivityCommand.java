package org.gpusched.cli;

import org.gpusched.report.SensitivityReports;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.Verdict;
import org.gpusched.margin.Sensitivity;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "sensitivity", mixinStandardHelpOptions = true,
        description = {"Find how far the WCETs can grow before a task set stops being schedulable.",
                "The largest factor for all WCETs at once (one step = one tick of the largest WCET), and per task",
                "the largest WCET of that task alone, by binary search over the exact analysis; the budget",
                "(--time-limit, --max-states) applies to each analysis. See docs/cli.md."},
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

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (common.format == OutputFormat.csv) {
            out.println(SensitivityReports.CSV_HEADER);
        }
        return TaskSetFiles.each(files, common.reader(), common, out, spec.commandLine().getErr(), (f, ts) -> {
            Sensitivity.Result r = new Sensitivity(ts,
                    v -> new GpuSchedExplorer(v, explore.toOptions(0)).analyze().verdict()).run();
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
