package org.gpusched.report;

import org.gpusched.gantt.GanttSvg;
import org.gpusched.model.Workload;
import org.gpusched.pages.Svg;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.TaskRow;
import org.jsoup.nodes.Element;

import java.util.List;

/**
 * compare's picture: per task, one bar per method, the response it bounds, finds or observes, drawn
 * against the task's deadline (the dashed line, at the same place on every row, so that the rows of
 * tasks with different deadlines compare by eye); a bar past the line is a miss, in red. Built with
 * jsoup like the page, a tooltip (SVG title) per bar; no script.
 */
final class ResponseBars {
    private static final int WIDTH = 900;
    private static final int LEFT = 220;
    private static final int DEADLINE_X = 520;
    private static final int BAR = 16;
    private static final int ROW_GAP = 12;

    private ResponseBars() { }

    static Element svg(Workload w, List<MethodResult> rows) {
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
                    bar = rect(s, LEFT, y + 2, len, BAR - 4, miss ? "#cf222e" : GanttSvg.colour(j));
                    bar.attr("class", miss ? "bar miss" : "bar");
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

    private static Element rect(Element s, double x, double y, double w, double h, String fill) {
        return s.appendElement("rect").attr("x", Svg.num(x)).attr("y", Svg.num(y)).attr("width", Svg.num(w))
                .attr("height", Svg.num(h)).attr("fill", fill);
    }
}
