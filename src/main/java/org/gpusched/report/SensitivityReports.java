package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.margin.Sensitivity;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Renders {@code sensitivity}: how far the WCETs may grow, as text, JSON and CSV. */
public final class SensitivityReports {
    private SensitivityReports() { }

    public static final String CSV_HEADER = "file,name,scope,task,wcet,maxWcet,factor,conclusive";

    public static ObjectNode json(String file, TaskSet ts, Sensitivity.Result r) {
        ObjectNode o = Json.object().put("file", file).put("name", ts.name());
        o.put("schedulable", r.original().asBoolean()); // null when inconclusive
        o.put("verdict", r.original().words()).put("timeUnit", ts.timeUnit().json());
        ObjectNode all = o.putObject("allTasks");
        all.put("factor", r.all().found() == 0 ? null : factor(r, r.all().found()));
        all.put("steps", r.all().found()).put("stepsNotSchedulable", r.all().notAbove()).put("scale", r.scale())
                .put("conclusive", r.all().conclusive()).put("analyses", r.all().steps().size());
        if (r.tasks().isEmpty()) {
            o.putNull("tasks");
        } else {
            ArrayNode tasks = o.putArray("tasks");
            for (Task t : ts.tasks()) {
                Sensitivity.Bound tb = r.tasks().get(t.index());
                tasks.addObject().put("task", t.name()).put("wcet", t.wcet())
                        .put("maxWcet", tb.found() == 0 ? null : tb.found()).put("notSchedulableAt", tb.notAbove())
                        .put("conclusive", tb.conclusive()).put("analyses", tb.steps().size());
            }
        }
        return o;
    }

    public static void text(PrintWriter out, String file, TaskSet ts, Sensitivity.Result r, boolean quiet) {
        String unit = ts.timeUnit().json();
        Sensitivity.Bound all = r.all();
        out.println(file + ": " + r.original().words() + "; " + headline(r));
        if (quiet) {
            return;
        }
        if (all.found() > 0) {
            out.printf(Locale.ROOT, "  all tasks     factor %s (largest wcet %d -> %d %s); factor %s is %s%n",
                    factor(r, all.found()).toPlainString(), r.scale(), all.found(), unit,
                    factor(r, all.notAbove()).toPlainString(), all.conclusive() ? "not schedulable" : "not proven");
        }
        if (r.tasks().isEmpty()) {
            out.println("  per task      not computed: the table interference model gives measured set"
                    + " completions, which one task's wcet does not change");
            return;
        }
        out.printf(Locale.ROOT, "  %-20s %14s %14s %9s%n", "task", "wcet (" + unit + ")", "max wcet (" + unit + ")",
                "growth");
        for (Task t : ts.tasks()) {
            Sensitivity.Bound b = r.tasks().get(t.index());
            out.printf(Locale.ROOT, "  %-20s %14d %14s %9s%s%n", t.name(), t.wcet(),
                    b.found() == 0 ? "none" : Long.toString(b.found()), b.found() == 0 ? "" : growth(t.wcet(), b.found()),
                    b.conclusive() ? "" : "  (at least; inconclusive above)");
        }
    }

    public static void csv(PrintWriter out, String file, TaskSet ts, Sensitivity.Result r) {
        out.println(Csv.row(file, ts.name(), "all", "", "", "", r.all().found() == 0 ? "" : factor(r, r.all().found()),
                r.all().conclusive()));
        for (Task t : ts.tasks()) {
            Sensitivity.Bound b = r.tasks().get(t.index());
            if (b != null) {
                out.println(Csv.row(file, ts.name(), "task", t.name(), t.wcet(), b.found() == 0 ? "" : b.found(), "",
                        b.conclusive()));
            }
        }
    }

    /** How far all WCETs may grow together, in the text report's and the page's words. */
    static String headline(Sensitivity.Result r) {
        return r.all().found() == 0 ? "no WCET scaling keeps it schedulable"
                : "all WCETs x " + factor(r, r.all().found()).toPlainString() + " keep it schedulable"
                + (r.all().conclusive() ? "" : " (at least; a step was inconclusive)");
    }

    static BigDecimal factor(Sensitivity.Result r, long k) {
        return BigDecimal.valueOf(k).divide(BigDecimal.valueOf(r.scale()), 4, RoundingMode.FLOOR);
    }

    static String growth(long wcet, long max) {
        return String.format(Locale.ROOT, "%+.1f %%", 100.0 * (max - wcet) / wcet);
    }
}
