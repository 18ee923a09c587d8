package org.gpusched.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Run GPUSched, EDF-serial and EDF-parallel side by side on each task set.",
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched compare examples/*.json", "  gpusched compare ts.json --format json",
                "", "Exit code: 0 when every file was analysed (whatever the verdicts), 2 on invalid input,"
                + " 3 when an analysis was inconclusive.",
                "The budgets (--time-limit, --max-states, heap) bind the three methods of one file together."})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;
    @Mixin
    ExploreOptions explore;
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Task-set files (v1 JSON).")
    List<Path> files;

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (common.format == OutputFormat.csv) {
            out.println("file,name,gpusched,edfSerial,edfParallel,edfSerialMisses,edfParallelMisses");
        } else if (common.format == OutputFormat.text) {
            out.println(String.format("%-40s %-16s %-28s %s", "file", "gpusched", "edf-serial", "edf-parallel"));
        }
        return TaskSetFiles.each(files, err, (f, ts) -> {
            // One meter per file: the time limit covers the three methods together.
            Budget.Meter meter = explore.budget().start();
            Analysis g = new GpuSchedExplorer(ts, explore.toOptions(0)).analyze(meter);
            BaselineResult s = simulate(ts, EdfBaseline.Kind.SERIAL, meter);
            BaselineResult p = simulate(ts, EdfBaseline.Kind.PARALLEL, meter);
            int code = g.verdict().asBoolean() == null || s == null || p == null ? ExitCodes.INCONCLUSIVE
                    : ExitCodes.OK;
            switch (common.format) {
                case json -> {
                    ObjectNode o = Json.object().put("file", f.toString()).put("name", ts.name());
                    ObjectNode gs = Json.object();
                    Boolean b = g.verdict().asBoolean();
                    if (b == null) {
                        gs.putNull("schedulable");
                    } else {
                        gs.put("schedulable", b);
                    }
                    gs.putArray("misses");
                    gs.put("verdict", g.verdict().words()).put("note", g.note());
                    o.set("gpusched", gs);
                    o.set("edfSerial", Reports.baseline(ts, s));
                    o.set("edfParallel", Reports.baseline(ts, p));
                    out.println(Json.line(o));
                }
                case csv -> out.println(Csv.row(f.toString(), ts.name(), g.verdict().words(), word(s), word(p),
                        s == null ? "" : s.misses().size(), p == null ? "" : p.misses().size()));
                default -> {
                    out.println(String.format("%-40s %-16s %-28s %s", f, g.verdict().words(), text(s), text(p)));
                    if (!common.quiet) {
                        if (s != null && !s.misses().isEmpty()) {
                            out.println("    edf-serial first miss:   " + Reports.miss(ts, s.misses().get(0)));
                        }
                        if (p != null && !p.misses().isEmpty()) {
                            out.println("    edf-parallel first miss: " + Reports.miss(ts, p.misses().get(0)));
                        }
                    }
                }
            }
            return code;
        });
    }

    /** The simulation, or null when a budget (or the heap) ran out first: inconclusive. */
    private static BaselineResult simulate(TaskSet ts, EdfBaseline.Kind kind, Budget.Meter meter) {
        try {
            return new EdfBaseline(ts, kind).run(meter);
        } catch (Budget.Exhausted | OutOfMemoryError e) {
            return null;
        }
    }

    private static String word(BaselineResult r) {
        return r == null ? "inconclusive" : r.schedulable() ? "schedulable" : "not schedulable";
    }

    private static String text(BaselineResult r) {
        return r == null || r.schedulable() ? word(r) : "not schedulable (" + r.misses().size() + " misses)";
    }
}
