package org.gpusched.cli;

import org.gpusched.experiment.Progress;
import org.gpusched.input.SourcePositions;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.Watch;
import org.gpusched.output.Outputs;
import org.gpusched.policy.*;
import org.gpusched.report.*;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Command(name = "compare", mixinStandardHelpOptions = true)
final class CompareCommand extends CommonCommand implements CiFormats {
    @Mixin
    ProgressOption progress;
    @Mixin
    ExploreOptions explore;
    @Mixin
    PolicyOptions policy;

    @Option(names = "--methods", paramLabel = "A,B,...", split = ",")
    List<String> methods;

    @Option(names = "--list")
    boolean list;

    @Mixin
    SharedOptions.HtmlPage html;

    @Parameters(arity = "0..*", paramLabel = "FILE")
    List<Path> files;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = report(html.file);
        PrintWriter err = err();
        MethodRegistry registry = MethodRegistry.standard();
        List<Method> chosen = methods == null ? registry.all()
                : PolicyOptions.resolve(cl(), registry, methods);
        if (list) {
            PolicyReports.methods(out, common.format, chosen);
            return ExitCodes.OK;
        }
        Usage.refuse(cl(), files == null || files.isEmpty(), "missing FILE (or --list)");
        explore.refuseUnhonoured(cl(), chosen.stream().anyMatch(m -> m.id().equals("gpusched")));
        RunOptions options = policy.toRunOptions(cl(), explore, 0);
        if (common.format == OutputFormat.csv) {
            out.println(PolicyReports.COMPARE_CSV_HEADER);
        }
        Outputs outputs = html.outputs(files, out());
        List<HtmlReport.Entry> pages = new ArrayList<>();
        CiOutput ci = CiOutput.of(common.format, "compare");
        int exit = TaskSetFiles.each(files, common.workloadReader()::read, common, out, err, ci, (f, w) -> {
            Watch watch = new Watch();
            Comparison.Result c;
            try (Progress p = Progress.watching(progress.to(err, common.quiet), "compare", watch)) {
                c = Comparison.of(w, chosen, methods != null, options, watch);
            }
            List<MethodResult> results = c.results();
            if (html.file != null) {
                pages.add(new HtmlReport.Entry(f.toString(), w, results, GanttOutput.first(w, results)));
            }
            switch (common.format) {
                case junit, sarif -> ci.add(CiCases.compare(f.toString(), w, results, SourcePositions.of(f)));
                case json -> out.println(Json.line(PolicyReports.compareJson(f.toString(), w, results)));
                case csv -> PolicyReports.compareCsv(out, f.toString(), w, results);
                default -> PolicyReports.compareText(out, f.toString(), w, results, common.quiet);
            }
            return c.inconclusive() ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
        });
        if (html.file != null && !pages.isEmpty()) {
            outputs.writeString(html.file, HtmlReport.write("compare", pages));
        }
        if (ci != null) {
            ci.write(out);
        }
        return exit;
    }
}
