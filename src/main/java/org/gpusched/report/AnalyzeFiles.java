package org.gpusched.report;

import org.gpusched.baseline.Baselines;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.ExploredGraph;
import org.gpusched.explore.result.GraphExport;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.output.Outputs;

import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** The files {@code analyze} writes beside its report: the scheduling table and the explored graph. */
public final class AnalyzeFiles {
    private AnalyzeFiles() { }

    /**
     * The table of a schedulable set to {@code file} ("-" = {@code stdout}): its whole text, or the
     * streamed EDF run's table written as the baseline simulates it again ({@link Baselines.TableText}).
     */
    public static void table(Outputs outputs, Path file, PrintWriter stdout, Baselines.TableText text) {
        if (text.whole() != null) {
            outputs.writeString(file, text.whole());
        } else if (Outputs.isStdout(file)) {
            try {
                text.again().writeTo(stdout);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            stdout.flush();
        } else {
            outputs.write(file, out -> {
                Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
                text.again().writeTo(w);
                w.flush();
            });
        }
    }

    /**
     * The explored graph (DOT, or GraphML for .graphml). Above {@link GraphExport#DEFAULT_LIMIT} vertices
     * only with {@code force}: such a drawing is rarely what was meant and can take long to render.
     */
    public static void graph(Outputs outputs, Path file, ExploredGraph g, TaskSet ts, boolean force) {
        if (!g.complete() || g.nodes().size() > GraphExport.DEFAULT_LIMIT && !force) {
            throw new InputException(file.toString(), "", "the explored graph has more than "
                    + GraphExport.DEFAULT_LIMIT + " vertices; add --force to export it anyway");
        }
        outputs.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            GraphExport.write(g, ts, GraphExport.formatOf(file.toString()), w);
            w.flush();
        });
    }

    /**
     * Why no graph was written when the analysis kept none: after a caught out-of-memory nothing was
     * kept to draw, and the power-on search keeps sets of states per hyperperiod, not one graph.
     */
    public static String noGraph(Path file, Analysis a) {
        return "gpusched: " + file + ": no graph written (" + (a.note() != null ? a.note()
                : "the power-on search keeps no scheduling graph; --steady-state exports the steady state's") + ")";
    }
}
