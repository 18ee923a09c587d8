package org.gpusched.gantt;

import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.gpusched.gantt.GanttSvg.LANE;
import static org.gpusched.gantt.GanttSvg.line;
import static org.gpusched.gantt.GanttSvg.num;

/**
 * The jobs of a chart, in the plot's time coordinates: each a group of its bars, its release arrow on
 * its task's first lane, its deadline mark down its task's lanes and its tooltip. Arrow heads and crosses
 * are drawn {@code upp} time units per pixel wide and kept that wide by the chart's style when zoomed.
 */
final class GanttJobs {
    private GanttJobs() { }

    static void draw(Element plot, Gantt g, List<Gantt.Job> jobs, int[] y, double upp) {
        List<List<Gantt.Bar>> bars = Stream.<List<Gantt.Bar>>generate(ArrayList::new).limit(jobs.size()).toList();
        Element loose = plot.appendElement("g").attr("class", "operations");
        for (Gantt.Bar b : g.bars()) {
            if (b.job() >= 0 && b.job() < jobs.size()) {
                bars.get(b.job()).add(b);
            } else if (b.job() < 0) {
                bar(loose, b, y);
            }
        }
        // The first job of the least slack.
        int least = IntStream.range(0, jobs.size()).boxed().min(Comparator.comparingLong(i -> jobs.get(i).slack()))
                .orElse(-1);
        Element all = plot.appendElement("g").attr("class", "jobs");
        for (int i = 0; i < jobs.size(); i++) {
            job(all, g, jobs.get(i), bars.get(i), y, upp, i == least);
        }
    }

    private static void job(Element parent, Gantt g, Gantt.Job j, List<Gantt.Bar> bars, int[] y, double upp,
                            boolean least) {
        String task = g.tasks().get(j.task());
        Element e = parent.appendElement("g").attr("class", "job" + (j.missed() ? " miss" : "")
                + (least ? " least-slack" : "")).attr("data-task", task).attr("data-job", Long.toString(j.index()))
                .attr("data-deadline", Long.toString(j.deadline()));
        e.appendElement("title").text(tooltip(task, j, least));
        int first = g.laneTasks().indexOf(j.task());
        int last = g.laneTasks().lastIndexOf(j.task());
        double top = y[Math.max(first, 0)];
        double bottom = y[Math.max(last, 0)] + LANE;
        if (least) {
            GanttSvg.rect(e, j.start(), top, Math.max(j.end() - j.start(), 0), bottom - top, "least-slack-span");
        }
        for (Gantt.Bar b : bars) {
            bar(e, b, y);
        }
        double hw = 3.5 * upp;
        line(e, j.release(), top + LANE, j.release(), top + 2, "release");
        path(e, "M" + num(j.release() - hw) + "," + num(top + 8) + "L" + num(j.release()) + "," + num(top + 1)
                + "L" + num(j.release() + hw) + "," + num(top + 8) + "Z", "release head");
        line(e, j.deadline(), top, j.deadline(), bottom, "deadline");
        path(e, "M" + num(j.deadline() - hw) + "," + num(bottom - 7) + "L" + num(j.deadline()) + "," + num(bottom)
                + "L" + num(j.deadline() + hw) + "," + num(bottom - 7) + "Z", "deadline head");
        if (j.missed()) {
            double m = bottom - LANE / 2.0;
            path(e, "M" + num(j.end() - hw) + "," + num(m - 5) + "L" + num(j.end() + hw) + "," + num(m + 5)
                    + "M" + num(j.end() - hw) + "," + num(m + 5) + "L" + num(j.end() + hw) + "," + num(m - 5),
                    "cross head");
        }
    }

    /** What hovering a job shows: everything a reviewer checks a job by. */
    static String tooltip(String task, Gantt.Job j, boolean least) {
        return task + " job " + j.index() + ": release " + j.release() + ", start " + j.start() + ", end " + j.end()
                + ", deadline " + j.deadline() + ", slack " + j.slack()
                + (j.frame() >= 0 ? ", frame " + j.frame() : "")
                + (j.missed() ? "; MISSED its deadline by " + (-j.slack()) : "")
                + (least ? "; the least slack of this run" : "");
    }

    private static void bar(Element parent, Gantt.Bar b, int[] y) {
        GanttSvg.rect(parent, b.start(), y[b.lane()] + 3, b.end() - b.start(), LANE - 6, "bar")
                .attr("fill", GanttSvg.colour(b.task())).attr("stroke", GanttSvg.darker(b.task()));
    }

    private static void path(Element parent, String d, String cls) {
        parent.appendElement("path").attr("d", d).attr("class", cls);
    }
}
