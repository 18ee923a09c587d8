package org.gpusched.report;

import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.CopySimulator;
import org.gpusched.copyexec.CopyWorkload;
import org.gpusched.copyexec.Strategy;
import org.gpusched.explore.result.Verdict;
import org.gpusched.gantt.Gantt;
import org.gpusched.gantt.GanttCharts;
import org.gpusched.gantt.Timelines;
import org.gpusched.model.RuntimeCharge;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;
import org.gpusched.output.Outputs;
import org.gpusched.policy.CopyExecFamily;
import org.gpusched.policy.Detail;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.table.Tables;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --gantt FILE.svg|FILE.png}: the timeline of a run as a picture (docs/copy-execute.md,
 * "Timelines"): a copy/execute simulation, a PBS table found, an EDF baseline's run, or what the
 * player measured.
 */
public final class GanttOutput {
    private GanttOutput() { }

    public static void write(Outputs outputs, Path file, Gantt g) {
        GanttCharts.Format f = GanttCharts.formatOf(file.getFileName().toString());
        outputs.write(file, out -> GanttCharts.write(g, f, out));
    }

    /**
     * The first timeline among {@code results} that there is one of (the PBS table when one was found),
     * or null: the picture of a review page, drawn without a word on why the others have none.
     */
    public static Gantt first(Workload w, List<MethodResult> results) {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        for (MethodResult r : results) {
            if (r.outcome() != Outcome.NOT_APPLICABLE && r.outcome() != Outcome.INCONCLUSIVE) {
                Gantt g = of(w, r, none);
                if (g != null) {
                    return g;
                }
            }
        }
        return null;
    }

    /** The timeline of an analyze result, or null after saying on {@code err} why there is none. */
    public static Gantt of(Workload w, MethodResult r, PrintWriter err) {
        String title = w.displayName() + ": " + r.method();
        if (r.detail() instanceof Detail.Frames fr) {
            if (fr.baseline() != null && fr.baseline().streamed()) {
                err.println("gpusched: --gantt: no timeline to draw (a simulation of more than "
                        + TaskSet.MAX_JOBS + " jobs is streamed, its frames not kept)");
                return null;
            }
            if (fr.baseline() != null) {
                return Timelines.of(fr.taskSet(), Tables.of(fr.taskSet(), r.method(), fr.baseline().frames()), title);
            }
            if (fr.analysis().verdict() == Verdict.SCHEDULABLE) {
                return Timelines.of(fr.taskSet(), Tables.of(fr.taskSet(), r.method(), fr.analysis().schedule()),
                        title + " (table found)");
            }
            err.println("gpusched: --gantt: no scheduling table to draw (" + r.outcome().words() + ")");
            return null;
        }
        for (Strategy s : Strategy.values()) {
            if (r.method().equals(CopyExecFamily.id(s)) && r.detail() != Detail.Facts.NONE) {
                // the run the method judged: its times carry the runtime cost
                CopyWorkload cw = ((CopyWorkload.Fits) CopyWorkload.of(RuntimeCharge.fold(w))).workload();
                CopySim sim = CopySimulator.run(cw, s, null);
                return Timelines.of(cw, sim, title + " (simulated, worst-case times)", w.timeUnit().json());
            }
        }
        err.println("gpusched: --gantt: " + r.method() + " has no timeline to draw");
        return null;
    }
}
