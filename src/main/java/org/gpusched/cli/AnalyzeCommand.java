package org.gpusched.cli;

import org.gpusched.baseline.Baselines;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.Analysis;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.ExploredGraph;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.GraphExport;
import org.gpusched.explore.Verdict;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.Tables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Decide PBS schedulability of task sets by exploring the GPUSched scheduling graph,",
                "and write the scheduling table of a schedulable one."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched analyze examples/paper-fig1.json",
                "  gpusched analyze ts.json --table table.json",
                "  gpusched analyze ts.json --table - | gpusched play - --taskset ts.json",
                "  gpusched analyze examples/*.json --format csv --time-limit 10s",
                "  gpusched analyze ts.json --method edf-parallel",
                "", "Exit code: the worst over all files (70 > 2 > 1 > 3 > 0)."})
final class AnalyzeCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger(AnalyzeCommand.class);

    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    @Mixin
    ExploreOptions explore;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Task-set files (v1 JSON); - reads stdin.")
    List<Path> files;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "gpusched",
            description = "gpusched (exact), brute-force (exact, slow reference), edf-serial or edf-parallel "
                    + "(the paper's baselines). Default: ${DEFAULT-VALUE}.")
    Method method;

    @Option(names = "--table", paramLabel = "FILE",
            description = "Write the scheduling table here when schedulable (- = stdout; the report then goes to stderr).")
    Path table;

    @Option(names = "--table-format", paramLabel = "FMT", defaultValue = "json",
            description = "Table format: json or csv. Default: ${DEFAULT-VALUE}.")
    String tableFormat;

    @Option(names = "--graph", paramLabel = "FILE",
            description = "Export the explored graph (DOT, or GraphML for .graphml) for one gpusched analysis.")
    Path graph;

    @Option(names = "--force", description = "Export the graph even above " + GraphExport.DEFAULT_LIMIT + " vertices.")
    boolean force;

    @Option(names = "--no-timing", description = "Leave analysis times out, so reports are byte-identical across runs.")
    boolean noTiming;

    @Override
    public Integer call() throws IOException {
        if ((table != null || graph != null) && files.size() != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--table and --graph take one input file");
        }
        if (!tableFormat.equals("json") && !tableFormat.equals("csv")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--table-format must be json or csv");
        }
        if (graph != null && method != Method.GPUSCHED) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--graph needs --method gpusched");
        }
        boolean tableToStdout = table != null && table.toString().equals("-");
        PrintWriter out = tableToStdout ? spec.commandLine().getErr() : spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (common.format == OutputFormat.csv) {
            out.println(Reports.CSV_HEADER);
        }
        return TaskSetFiles.each(files, err, (f, ts) -> {
            Analysis a = run(ts);
            LOG.debug("{}: {} in {} ms", f, a.verdict(), a.stats().elapsedMillis());
            report(out, f.toString(), ts, a);
            if (a.verdict() == Verdict.SCHEDULABLE && table != null) {
                writeTable(ts, a, tableToStdout);
            }
            return a.verdict().exitCode();
        });
    }

    private Analysis run(TaskSet ts) throws IOException {
        return switch (method) {
            case EDF_SERIAL -> Baselines.analyze(ts, EdfBaseline.Kind.SERIAL, explore.budget().start());
            case EDF_PARALLEL -> Baselines.analyze(ts, EdfBaseline.Kind.PARALLEL, explore.budget().start());
            case BRUTE_FORCE -> new BruteForceExplorer(ts, explore.budget()).analyze();
            case GPUSCHED -> {
                long limit = graph == null ? 0 : force ? Long.MAX_VALUE : GraphExport.DEFAULT_LIMIT + 1;
                GpuSchedExplorer ex = new GpuSchedExplorer(ts, explore.toOptions(limit));
                Analysis a = ex.analyze();
                if (graph != null && ex.graph() == null) {
                    // Only after a caught out-of-memory: nothing was kept to draw, and the
                    // analysis is already inconclusive; say so rather than write a stub.
                    spec.commandLine().getErr().println("gpusched: " + graph + ": no graph written ("
                            + a.note() + ")");
                } else if (graph != null) {
                    exportGraph(ex.graph(), ts);
                }
                yield a;
            }
        };
    }

    private void exportGraph(ExploredGraph g, TaskSet ts) throws IOException {
        if (!g.complete() || g.nodes().size() > GraphExport.DEFAULT_LIMIT && !force) {
            throw new InputException(graph.toString(), "", "the explored graph has more than "
                    + GraphExport.DEFAULT_LIMIT + " vertices; add --force to export it anyway");
        }
        try (Writer w = Files.newBufferedWriter(graph, StandardCharsets.UTF_8)) {
            GraphExport.write(g, ts, GraphExport.formatOf(graph.toString()), w);
        }
    }

    private void report(PrintWriter out, String file, TaskSet ts, Analysis a) {
        boolean timing = !noTiming;
        switch (common.format) {
            case json -> out.println(Json.line(Reports.json(file, ts, a, timing)));
            case csv -> out.println(Reports.csv(file, ts, a, timing));
            default -> Reports.text(out, file, ts, a, common.quiet, timing, table == null || !table.toString().equals("-"));
        }
    }

    private void writeTable(TaskSet ts, Analysis a, boolean toStdout) throws IOException {
        SchedulingTable t = Tables.of(ts, a.method(), a.schedule());
        String text = tableFormat.equals("csv") ? Tables.toCsv(t) : Tables.toJson(t);
        if (toStdout) {
            PrintWriter o = spec.commandLine().getOut();
            o.print(text);
            o.flush();
        } else {
            Files.writeString(table, text, StandardCharsets.UTF_8);
        }
    }
}
