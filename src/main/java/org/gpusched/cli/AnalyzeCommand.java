package org.gpusched.cli;

import org.gpusched.experiment.Progress;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.GraphExport;
import org.gpusched.explore.result.Verdict;
import org.gpusched.gantt.Gantt;
import org.gpusched.input.SourcePositions;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import org.gpusched.partition.PlanFile;
import org.gpusched.baseline.Baselines;
import org.gpusched.policy.*;
import org.gpusched.report.*;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

@Command(name = "analyze", mixinStandardHelpOptions = true)
final class AnalyzeCommand extends CommonCommand implements CiFormats {
    private static final Logger LOG = LoggerFactory.getLogger(AnalyzeCommand.class);
    @Mixin
    ProgressOption progress;
    @Mixin
    ExploreOptions explore;

    @Parameters(arity = "1..*", paramLabel = "FILE")
    List<Path> files;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "gpusched")
    String method;

    @Mixin
    PolicyOptions policy;

    @Option(names = "--table", paramLabel = "FILE")
    Path table;

    @Option(names = "--plan", paramLabel = "FILE")
    Path plan;

    enum TableFormat { JSON, CSV }

    @Option(names = "--table-format", paramLabel = "FMT", defaultValue = "json")
    TableFormat tableFormat;

    @Option(names = "--graph", paramLabel = "FILE")
    Path graph;

    @Option(names = "--gantt", paramLabel = "FILE")
    Path gantt;

    @Mixin
    SharedOptions.HtmlPage html;

    @Option(names = "--steady-state")
    boolean steadyState;

    @Option(names = "--stats")
    boolean stats;

    @Option(names = "--no-timing")
    boolean noTiming;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), (table != null || graph != null || gantt != null) && files.size() != 1,
                "--table, --graph and --gantt take one input file");
        Main.refuseGanttFormat(cl(), gantt);
        Method m = PolicyOptions.resolve(cl(), MethodRegistry.standard(), List.of(method)).get(0);
        explore.refuseUnhonoured(cl(), m.id().equals("gpusched"));
        Usage.refuse(cl(), graph != null && !m.id().equals("gpusched"),
                "--graph needs --method gpusched");
        Usage.refuse(cl(), plan != null && (files.size() != 1 || !PartitionFamily.isPartitioning(m)),
                "--plan takes one input file and an sm-partition-* method");
        PrintWriter reportOut = report(table, plan, graph, html.file);
        // The run's files belong together: locked against a second run, renamed into place together.
        // Refused before a long analysis, not after it: an unwritable, protected or busy output.
        return Outputs.of(files, html.force).printing(out()).together(o -> analyze(o, m, reportOut),
                table, graph, gantt, plan, html.file);
    }

    private int analyze(Outputs outputs, Method m, PrintWriter reportOut) throws IOException {
        List<HtmlReport.Entry> pages = new ArrayList<>();
        CiOutput ci = CiOutput.of(common.format, "analyze");
        PrintWriter out = ci == null ? reportOut : CiOutput.discard();
        PrintWriter err = err();
        if (common.format == OutputFormat.csv) {
            out.println(Reports.CSV_HEADER);
        }
        long limit = graph == null ? 0 : html.force ? Long.MAX_VALUE : GraphExport.DEFAULT_LIMIT + 1;
        RunOptions options = policy.toRunOptions(cl(), explore, limit).withSteadyState(steadyState);
        int code = TaskSetFiles.each(files, common.workloadReader()::read, common, out, err, ci, (f, w) -> {
            Applicability app = m.applicability(w);
            // A method may also find that it does not apply only once it sees the options (brute
            // force on a set answered from power-on): refused alike.
            MethodResult r = null;
            if (app.applies()) {
                Watch watch = new Watch();
                watch.reset(m.id());
                try (Progress p = Progress.watching(progress.to(err, common.quiet), "analyze", watch)) {
                    r = m.run(w, options, options.explore().budget().start(watch));
                }
            }
            String refused = !app.applies() ? app.reason()
                    : r.outcome() == Outcome.NOT_APPLICABLE ? r.reason() : null;
            if (refused != null) {
                String line = Escapes.text(f.toString()) + ": " + m.id() + ": not applicable: " + refused;
                err.println(line);
                if (common.format == OutputFormat.json) {
                    // As for any other refused file: the JSON error line on stdout too.
                    out.println(Json.line(Json.object().put("file", f.toString()).put("error", line)));
                }
                if (ci != null) {
                    ci.add(CiCases.notApplicable(f.toString(), w, m.id(), refused, SourcePositions.of(f)));
                }
                pages.add(new HtmlReport.Entry(f.toString(), w, List.of(MethodResult.notApplicable(m, refused)),
                        null));
                return ExitCodes.INVALID;
            }
            LOG.debug("{}: {} in {} ns", f, r.outcome(), r.elapsedNanos());
            if (ci != null) {
                ci.add(CiCases.analyze(f.toString(), w, r, SourcePositions.of(f), !noTiming));
            }
            if (html.file != null) {
                pages.add(new HtmlReport.Entry(f.toString(), w, List.of(r), GanttOutput.of(w, r, CiOutput.discard())));
            }
            if (gantt != null) {
                Gantt g = GanttOutput.of(w, r, err);
                if (g != null) {
                    GanttOutput.write(outputs, gantt, g);
                }
            }
            if (!(r.detail() instanceof Detail.Frames fr)) {
                PolicyReports.analyze(out, common.format, common.quiet, f.toString(), w, r, !noTiming);
                if (plan != null) {
                    PartitionFamily.plan(m, w, options).ifPresent(p -> outputs.writeString(plan, PlanFile.text(p,
                            w.name(), w.sha256(), w.timeUnit().json(), m.id())));
                }
                return r.outcome().exitCode();
            }
            TaskSet ts = fr.taskSet();
            Analysis a = fr.analysis();
            if (graph != null && fr.graph() == null) {
                err.println(AnalyzeFiles.noGraph(graph, a)); // rather than write a stub
            } else if (graph != null) {
                AnalyzeFiles.graph(outputs, graph, fr.graph(), ts, html.force);
            }
            Reports.analyze(out, common.format, f.toString(), ts, a, common.quiet, !noTiming,
                    !Outputs.isStdout(table), stats || common.verbose, fr.tableCheck());
            boolean noTable = fr.tableCheck() == null && fr.baseline() == null; // online EDF keeps no one schedule
            if (a.verdict() == Verdict.SCHEDULABLE && table != null && noTable) {
                err.println("gpusched: " + table + ": no table written (" + a.note() + ")"); // rather than an empty one
            } else if (a.verdict() == Verdict.SCHEDULABLE && table != null) {
                AnalyzeFiles.table(outputs, table, out(), Baselines.tableText(ts, a,
                        fr.baseline(), tableFormat == TableFormat.CSV, options.explore().budget()));
            }
            return a.verdict().exitCode();
        });
        if (html.file != null && !pages.isEmpty()) {
            outputs.writeString(html.file, HtmlReport.write("analyze", pages));
        }
        if (ci != null) {
            ci.write(reportOut);
        }
        return code;
    }
}
