package org.gpusched.report;

import org.gpusched.gantt.Gantt;
import org.gpusched.gantt.GanttSvg;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;
import org.gpusched.pages.Page;
import org.gpusched.pages.Svg;
import org.gpusched.policy.Detail;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.TaskRow;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One self-contained HTML page for a design review ({@code --html FILE}): per input file the verdict of
 * each method, the margins per task, the timeline of the table as an inline SVG Gantt chart (the one
 * {@code --gantt} draws, with its own small zoom script), the side-by-side table when several methods ran,
 * and the task set. No external resource: it opens offline, reads without the script, and attaches to a
 * merge request as one file. Built as a jsoup
 * document, so every name from the input is a text node or an escaped attribute, never markup; no
 * clock and no timing, so the same input gives the same bytes.
 */
public final class HtmlReport {
    /** One input file: its workload, the results of the methods that ran, and the timeline to draw (or null). */
    public record Entry(String file, Workload workload, List<MethodResult> results, Gantt gantt) {
        public Entry {
            results = List.copyOf(results);
        }
    }

    /** The layout of compare's response bars, in SVG pixels. */
    private static final int WIDTH = 900;
    private static final int LEFT = 220;
    private static final int DEADLINE_X = 520;
    private static final int BAR = 16;
    private static final int ROW_GAP = 12;

    private HtmlReport() { }

    public static String write(String command, List<Entry> entries) {
        Document doc = Page.shell(command, entries.stream().map(Entry::file).toList());
        entries.forEach(e -> file(doc.body().appendElement("section"), e));
        return Page.finish(doc);
    }

    private static void file(Element s, Entry e) {
        Workload w = e.workload();
        s.appendElement("h2").text(e.file() + (w.name() == null ? "" : " (" + w.name() + ")"));
        Element verdicts = Page.table(s.appendElement("table").addClass("verdicts"), "method", "verdict", "evidence",
                "note");
        for (MethodResult r : e.results()) {
            Element tr = verdicts.appendElement("tr");
            tr.appendElement("td").appendElement("code").text(r.method());
            tr.appendElement("td").addClass(r.outcome().words().replace(' ', '-').replace("/", "-"))
                    .text(r.outcome().words());
            tr.appendElement("td").text(r.evidence().json());
            tr.appendElement("td").text(r.reason() == null ? "" : r.reason());
        }
        for (MethodResult r : e.results()) {
            if (r.detail() instanceof Detail.Frames f && f.tableCheck() != null) {
                s.appendElement("p").addClass("table-check").text("Table check (" + r.method() + "): passed by the "
                        + f.tableCheck().checker()
                        + " core, a second, independent implementation of the PBS rules (docs/reference.md).");
            }
        }
        List<MethodResult> withRows = e.results().stream().filter(r -> !r.tasks().isEmpty()).toList();
        if (withRows.size() == 1) {
            margins(s, w, withRows.get(0));
        } else if (withRows.size() > 1) {
            side(s, w, withRows);
        }
        s.appendElement("h3").text("Timeline");
        if (e.gantt() == null) {
            s.appendElement("p").text("No timeline: no scheduling table or simulation to draw.");
        } else {
            s.appendElement("div").addClass("gantt").appendChild(GanttSvg.svg(e.gantt())); // the --gantt chart, inline;
        }
        taskSet(s, w);
    }

    /** Per task: response, deadline, slack (deadline − response) and the method's word on it. */
    private static void margins(Element s, Workload w, MethodResult r) {
        s.appendElement("h3").text("Margins per task (" + r.method() + ")");
        Element t = Page.table(s.appendElement("table").addClass("margins"), "task", "response", "deadline", "slack",
                "verdict");
        for (int i = 0; i < r.tasks().size() && i < w.size(); i++) {
            TaskRow row = r.tasks().get(i);
            long d = w.task(i).deadline();
            Page.row(t, row.task(), PolicyReports.response(row), Long.toString(d),
                    row.responseTime().isPresent() ? Long.toString(d - row.responseTime().getAsLong()) : "-",
                    row.bestEffort() ? "best effort" : row.schedulable() == null ? "-"
                            : row.schedulable() ? "meets its deadline" : "misses its deadline");
        }
    }

    /** compare's table: the response each method bounds, finds or observes, per task ('!' a miss). */
    private static void side(Element s, Workload w, List<MethodResult> rows) {
        s.appendElement("h3").text("Response times per task and method");
        String[] head = Stream.concat(Stream.of("task", "deadline"), rows.stream().map(MethodResult::method))
                .toArray(String[]::new);
        s.appendElement("div").addClass("responses").appendChild(responseBars(w, rows));
        Element t = Page.table(s.appendElement("table").addClass("compare"), head);
        for (int i = 0; i < w.size(); i++) {
            Element tr = Page.row(t, w.task(i).name(), Long.toString(w.task(i).deadline()));
            for (MethodResult r : rows) {
                TaskRow row = i < r.tasks().size() ? r.tasks().get(i) : null;
                Element td = tr.appendElement("td").text(row == null ? "-" : PolicyReports.response(row)
                        + (Boolean.FALSE.equals(row.schedulable()) ? " !" : ""));
                if (row != null && Boolean.FALSE.equals(row.schedulable())) {
                    td.addClass("not-schedulable");
                }
            }
        }
    }

    private static void taskSet(Element s, Workload w) {
        s.appendElement("h3").text("Task set");
        s.appendElement("p").text(String.format(Locale.ROOT, "format %d, %d tasks, times in %s, GPU %s, sha256 %s",
                w.formatVersion(), w.size(), w.timeUnit().json(), w.gpu().name(), w.sha256()));
        Element t = Page.table(s.appendElement("table").addClass("tasks"), "task", "period", "deadline", "GPU time",
                "total time", "segments");
        for (WorkTask k : w.tasks()) {
            Page.row(t, k.name(), Long.toString(k.period()), Long.toString(k.deadline()), Long.toString(k.gpuExec()),
                    Long.toString(k.totalTime()), Integer.toString(k.segments().size()));
        }
    }

    /**
     * compare's picture: per task, one bar per method, the response it bounds, finds or observes, drawn
     * against the task's deadline (the dashed line, at the same place on every row, so that the rows of
     * tasks with different deadlines compare by eye); a bar past the line is a miss, in red. Built with
     * jsoup like the page, a tooltip (SVG title) per bar; no script.
     */
    private static Element responseBars(Workload w, List<MethodResult> rows) {
        int perTask = rows.size() * BAR + ROW_GAP;
        int height = 30 + w.size() * perTask + 30;
        Element s = Svg.open("response-bars", WIDTH, height, "Response per task and method, against the deadline");
        double px = DEADLINE_X - LEFT;
        for (int i = 0; i < w.size(); i++) {
            long d = w.task(i).deadline();
            int top = 24 + i * perTask;
            Svg.text(s, 8, top + rows.size() * BAR / 2.0 + 4, "start", w.task(i).name()).attr("font-weight", "600");
            for (int j = 0; j < rows.size(); j++) {
                MethodResult r = rows.get(j);
                TaskRow row = i < r.tasks().size() ? r.tasks().get(i) : null;
                double y = top + j * BAR;
                Svg.text(s, LEFT - 6, y + BAR - 4, "end", r.method());
                String word;
                Element bar;
                if (row != null && row.responseTime().isPresent()) {
                    long resp = row.responseTime().getAsLong();
                    double len = Math.min(WIDTH - LEFT - 70, resp * px / Math.max(1, d));
                    boolean miss = resp > d;
                    bar = s.appendElement("rect").attr("x", Svg.num(LEFT)).attr("y", Svg.num(y + 2))
                            .attr("width", Svg.num(len)).attr("height", Svg.num(BAR - 4))
                            .attr("fill", miss ? "#cf222e" : GanttSvg.colour(j))
                            .attr("class", miss ? "bar miss" : "bar");
                    word = r.method() + ": " + w.task(i).name() + " response " + resp + ", deadline " + d + ", slack "
                            + (d - resp) + (miss ? " (misses its deadline)" : "");
                    Svg.text(s, LEFT + len + 4, y + BAR - 4, "start", Long.toString(resp) + (miss ? " !" : ""));
                } else {
                    String shown = row == null ? "-" : PolicyReports.response(row);
                    bar = Svg.text(s, LEFT + 4, y + BAR - 4, "start", shown + " (no response bound)");
                    word = r.method() + ": " + w.task(i).name() + " " + shown + ", deadline " + d;
                }
                bar.appendElement("title").text(word);
            }
            s.appendElement("line").attr("x1", Integer.toString(DEADLINE_X)).attr("x2", Integer.toString(DEADLINE_X))
                    .attr("y1", Integer.toString(top - 2)).attr("y2", Integer.toString(top + rows.size() * BAR + 2))
                    .attr("stroke", "#333").attr("stroke-dasharray", "4 3").appendElement("title")
                    .text(w.task(i).name() + " deadline " + d);
            Svg.text(s, DEADLINE_X + 4, top + 8, "start", "D = " + d).attr("fill", "#555").attr("font-size", "10");
        }
        Svg.text(s, 8, height - 10, "start", "bars: each method's response; dashed: the task's deadline (each row"
                + " scaled to it); red: past it").attr("fill", "#444");
        return s;
    }
}
