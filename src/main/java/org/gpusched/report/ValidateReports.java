package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.*;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/** Renders {@code validate}: a summary of each workload, as text, JSON and CSV. */
public final class ValidateReports {
    private ValidateReports() { }

    public static final String CSV_HEADER = "file,valid,name,tasks,hyperperiod,jobs,utilization,gpu,interference";

    /** The JSON line of a file that is not a valid workload. */
    public static ObjectNode invalid(Path f, String message) {
        return Json.object().put("file", f.toString()).put("valid", false).put("error", message);
    }

    /** A v1 task set. */
    public static void v1(PrintWriter out, OutputFormat format, boolean quiet, Path f, TaskSet ts) {
        String util = String.format(Locale.ROOT, "%.4f", ts.utilization());
        switch (format) {
            case json -> out.println(Json.line(Json.object().put("file", f.toString()).put("valid", true)
                    .put("name", ts.name()).put("tasks", ts.size()).put("hyperperiod", ts.hyperperiod())
                    .put("timeUnit", ts.timeUnit().json()).put("jobs", ts.jobCount())
                    .put("utilization", Double.parseDouble(util)).put("gpu", ts.gpu().name())
                    .put("interference", ts.interference().model().json()).put("sha256", ts.sha256())));
            case csv -> out.println(Csv.row(f.toString(), "true", ts.name(), ts.size(), ts.hyperperiod(),
                    ts.jobCount(), util, ts.gpu().name(), ts.interference().model().json()));
            default -> {
                if (ok(out, quiet, f, ts.name())) {
                    out.printf(Locale.ROOT, "  tasks %d, hyperperiod %d %s, jobs %d, utilisation %s%n", ts.size(),
                            ts.hyperperiod(), ts.timeUnit().json(), ts.jobCount(), util);
                    platform(out, ts.gpu(), ts.interference(), ts.timeUnit().json());
                }
            }
        }
    }

    /** A v2 workload: its PBS view only when PBS applies, else the reason. */
    public static void v2(PrintWriter out, OutputFormat format, boolean quiet, Path f, Workload w) {
        double gpuU = 0;
        double cpuU = 0;
        for (WorkTask t : w.tasks()) {
            long g = t.gpuExec();
            gpuU += (double) g / t.period();
            cpuU += (double) (t.totalTime() - g - copies(t)) / t.period();
        }
        String util = String.format(Locale.ROOT, "%.4f", gpuU);
        String cpuUtil = String.format(Locale.ROOT, "%.4f", cpuU);
        TaskSet ts = w.pbs();
        switch (format) {
            case json -> {
                ObjectNode o = Json.object().put("file", f.toString()).put("valid", true).put("formatVersion", 2)
                        .put("name", w.name()).put("tasks", w.size())
                        .put("hyperperiod", ts == null ? null : ts.hyperperiod()).put("timeUnit", w.timeUnit().json())
                        .put("jobs", ts == null ? null : ts.jobCount());
                out.println(Json.line(o.put("utilization", Double.parseDouble(util))
                        .put("cpuUtilization", Double.parseDouble(cpuUtil)).put("cpus", w.platform().cpus())
                        .put("gpu", w.gpu().name()).put("interference", w.interference().model().json())
                        .put("sha256", w.sha256()).put("pbs", ts != null).put("pbsNote", w.pbsNote())));
            }
            case csv -> out.println(Csv.row(f.toString(), "true", w.name(), w.size(), ts == null ? "" : ts.hyperperiod(),
                    ts == null ? "" : ts.jobCount(), util, w.gpu().name(), w.interference().model().json()));
            default -> {
                if (ok(out, quiet, f, w.name())) {
                    out.printf(Locale.ROOT, "  format 2: %d tasks, times in %s, %d CPU(s), GPU utilisation %s, CPU %s%n",
                            w.size(), w.timeUnit().json(), w.platform().cpus(), util, cpuUtil);
                    platform(out, w.gpu(), w.interference(), w.timeUnit().json());
                    out.println(ts == null ? "  PBS methods: n/a (" + w.pbsNote() + ")"
                            : "  PBS methods: hyperperiod " + ts.hyperperiod() + ", jobs " + ts.jobCount());
                }
            }
        }
    }

    /** The "ok" line, with the name unless quiet; whether the details follow (not quiet). */
    private static boolean ok(PrintWriter out, boolean quiet, Path f, String name) {
        out.println(Escapes.text(f.toString()) + ": ok" + (quiet || name == null ? "" : " (" + Escapes.text(name) + ")"));
        return !quiet;
    }

    /**
     * The GPU and interference lines, then the stated runtime cost only when there is one (a file
     * without it prints what it always did).
     */
    private static void platform(PrintWriter out, Gpu g, Interference i, String unit) {
        out.printf(Locale.ROOT, "  gpu %s (%s SMs, policy %s), interference %s%n", g.name(), Gpu.show(g.sms()),
                g.smPolicy().json(), i.model().json());
        RuntimeOverhead o = i.overhead();
        if (!o.isZero()) {
            out.printf(Locale.ROOT, "  runtime per frame: submit %d + sync %d %s, per kernel launch %d, per copy %d%n",
                    o.submit(), o.sync(), unit, o.launch(), o.copy());
        }
    }

    private static long copies(WorkTask t) {
        return t.segments().stream().filter(s -> s instanceof Segment.Copy).mapToLong(Segment::time).sum();
    }
}
