package org.gpusched.cli;

import org.gpusched.model.Escapes;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
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
                + " 3 when a GPUSched analysis was inconclusive."})
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
        return TaskSetFiles.each(files, common.reader(), err, (f, ts) -> {
            Analysis g = new GpuSchedExplorer(ts, explore.toOptions(0)).analyze();
            BaselineResult s = new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).run();
            BaselineResult p = new EdfBaseline(ts, EdfBaseline.Kind.PARALLEL).run();
            int code = g.verdict().asBoolean() == null ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
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
                        s.misses().size(), p.misses().size()));
                default -> {
                    out.println(String.format("%-40s %-16s %-28s %s", Escapes.text(f.toString()), g.verdict().words(), text(s), text(p)));
                    if (!common.quiet) {
                        if (!s.misses().isEmpty()) {
                            out.println("    edf-serial first miss:   " + Reports.miss(ts, s.misses().get(0)));
                        }
                        if (!p.misses().isEmpty()) {
                            out.println("    edf-parallel first miss: " + Reports.miss(ts, p.misses().get(0)));
                        }
                    }
                }
            }
            return code;
        });
    }

    private static String word(BaselineResult r) {
        return r.schedulable() ? "schedulable" : "not schedulable";
    }

    private static String text(BaselineResult r) {
        return r.schedulable() ? "schedulable" : "not schedulable (" + r.misses().size() + " misses)";
    }
}
