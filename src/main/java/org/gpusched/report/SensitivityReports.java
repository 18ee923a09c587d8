package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.margin.Sensitivity;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.pages.FactBars;
import org.gpusched.pages.Page;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Renders {@code sensitivity}: how far the WCETs may grow, as text, JSON, CSV and a review page. */
public final class SensitivityReports {
    /** One file of the page: its task set and what the search found. */
    public record Entry(String file, TaskSet taskSet, Sensitivity.Result result) { }

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
    private static String headline(Sensitivity.Result r) {
        return r.all().found() == 0 ? "no WCET scaling keeps it schedulable"
                : "all WCETs x " + factor(r, r.all().found()).toPlainString() + " keep it schedulable"
                + (r.all().conclusive() ? "" : " (at least; a step was inconclusive)");
    }

    private static BigDecimal factor(Sensitivity.Result r, long k) {
        return BigDecimal.valueOf(k).divide(BigDecimal.valueOf(r.scale()), 4, RoundingMode.FLOOR);
    }

    private static String growth(long wcet, long max) {
        return String.format(Locale.ROOT, "%+.1f %%", 100.0 * (max - wcet) / wcet);
    }

    /**
     * {@code sensitivity --html FILE}: per file the verdict, the all-tasks factor, each task's margin as a bar of
     * its scaling factor (the least room in red) and the text report's numbers; the command ran the search.
     */
    public static String html(List<Entry> entries) {
        Document doc = Page.shell("sensitivity", entries.stream().map(Entry::file).toList());
        entries.forEach(e -> file(doc.body().appendElement("section"), e));
        return Page.finish(doc);
    }

    private static void file(Element s, Entry e) {
        TaskSet ts = e.taskSet();
        Sensitivity.Result r = e.result();
        Sensitivity.Bound all = r.all();
        String unit = ts.timeUnit().json();
        s.appendElement("h2").text(e.file() + (ts.name() == null ? "" : " (" + ts.name() + ")"));
        Element verdict = s.appendElement("p").addClass("verdict");
        verdict.appendElement("span").addClass(r.original().words().replace(' ', '-')).text(r.original().words());
        verdict.appendText("; " + headline(r));
        Element facts = Page.table(s.appendElement("table").addClass("numbers facts"), "scope", "factor",
                "largest wcet (" + unit + ")", "max (" + unit + ")", "first factor not kept", "above it", "analyses");
        Page.row(facts, "all tasks", all.found() == 0 ? "none" : factor(r, all.found())
                .toPlainString(), Long.toString(r.scale()), all.found() == 0 ? "none" : Long.toString(all.found()),
                factor(r, all.notAbove()).toPlainString(), all.conclusive() ? "not schedulable"
                : "not proven", Integer.toString(all.steps().size()));
        if (r.tasks().isEmpty()) {
            s.appendElement("p").text("Per task: not computed: the table interference model gives measured set"
                    + " completions, which one task's wcet does not change.");
            return;
        }
        perTask(s, ts, r, unit);
    }

    private static void perTask(Element s, TaskSet ts, Sensitivity.Result r, String unit) {
        int critical = critical(ts, r);
        s.appendElement("h3").text("Margin per task");
        List<FactBars.Bar> bars = new ArrayList<>();
        for (Task t : ts.tasks()) {
            Sensitivity.Bound b = r.tasks().get(t.index());
            String f = factor(t, b);
            bars.add(new FactBars.Bar(t.name(), b.found() == 0 ? 0 : (double) b.found() / t.wcet(),
                    b.found() == 0 ? "none" : "x " + f, t.name() + ": wcet " + t.wcet() + " " + unit + ", at most "
                    + (b.found() == 0 ? "none" : b.found() + " " + unit + " (x " + f + ")")
                    + (t.index() == critical ? "; the least room of the set" : ""), t.index() == critical));
        }
        s.appendElement("div").addClass("bars").appendChild(FactBars.svg("margin-bars",
                "Each task's largest WCET that keeps the set schedulable, over today's", bars, 1.0, "x 1 (today)",
                "bars: the factor each task's wcet may grow by alone; dashed: today's wcet; red: the least room"));
        Element t = Page.table(s.appendElement("table").addClass("numbers margins-per-task"), "task",
                "wcet (" + unit + ")", "max wcet (" + unit + ")", "factor", "growth", "note");
        for (Task k : ts.tasks()) {
            Sensitivity.Bound b = r.tasks().get(k.index());
            boolean least = k.index() == critical;
            Page.row(t, k.name(), Long.toString(k.wcet()), b.found() == 0 ? "none" : Long.toString(b.found()),
                    b.found() == 0 ? "" : factor(k, b), b.found() == 0 ? "" : growth(k.wcet(),
                    b.found()), (least ? "least room" : "") + (b.conclusive() ? "" : (least ? "; " : "")
                    + "at least; inconclusive above")).addClass(least ? "critical" : "task");
        }
    }

    /** The task whose wcet may grow the least, relative to itself (the first one on a tie); -1 when none. */
    private static int critical(TaskSet ts, Sensitivity.Result r) {
        return ts.tasks().stream().filter(t -> r.tasks().get(t.index()) != null)
                .min(Comparator.comparing((Task t) -> ratio(t, r.tasks().get(t.index()), 12))).map(Task::index)
                .orElse(-1);
    }

    private static String factor(Task t, Sensitivity.Bound b) {
        return ratio(t, b, 4).toPlainString();
    }

    private static BigDecimal ratio(Task t, Sensitivity.Bound b, int digits) {
        return BigDecimal.valueOf(b.found()).divide(BigDecimal.valueOf(t.wcet()), digits, RoundingMode.FLOOR);
    }
}
