package org.gpusched.report;

import org.gpusched.margin.Sensitivity;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.pages.FactBars;
import org.gpusched.pages.Page;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * {@code sensitivity --html FILE}: per file the verdict, the all-tasks factor, each task's margin as a bar of its
 * scaling factor (the least room in red) and the text report's numbers; the command ran the search.
 */
public final class SensitivityPage {
    public record Entry(String file, TaskSet taskSet, Sensitivity.Result result) { }

    private SensitivityPage() { }

    public static String write(List<Entry> entries) {
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
        verdict.appendText("; " + SensitivityReports.headline(r));
        Element facts = Page.table(s.appendElement("table").addClass("numbers facts"), "scope", "factor",
                "largest wcet (" + unit + ")", "max (" + unit + ")", "first factor not kept", "above it", "analyses");
        Page.row(facts, "all tasks", all.found() == 0 ? "none" : SensitivityReports.factor(r, all.found())
                .toPlainString(), Long.toString(r.scale()), all.found() == 0 ? "none" : Long.toString(all.found()),
                SensitivityReports.factor(r, all.notAbove()).toPlainString(), all.conclusive() ? "not schedulable"
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
                    b.found() == 0 ? "" : factor(k, b), b.found() == 0 ? "" : SensitivityReports.growth(k.wcet(),
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
