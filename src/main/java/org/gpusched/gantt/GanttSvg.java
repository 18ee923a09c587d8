package org.gpusched.gantt;

import org.jsoup.nodes.*;

import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A {@link Gantt} as a reviewer reads it, an SVG built as a jsoup tree (the library that builds the
 * review page): one lane group per task, its kernels and copies on sub-lanes; frames as bands; every job
 * a group with its bars, a release arrow, a deadline mark and a tooltip (its {@code <title>}: task, job,
 * release, start, end, deadline, slack, frame); missed jobs in red with a cross at their end; the job
 * with the least slack on a yellow span. The first view shows the whole run fitted to the width, with
 * no script needed; the chart's own small script (offline) zooms and pans it by the plot's viewBox.
 */
public final class GanttSvg {
    static final int WIDTH = 1200;
    static final int LEFT = 170;
    static final int PLOT = 1000;
    static final int TOP = 44;
    static final int LANE = 22;
    static final int GAP = 6;
    /** Beyond this many jobs the page grows slow: the first ones are drawn, the title says so. */
    public static final int MAX_JOBS = 20_000;
    private static final String CSS = resource("gantt.css");
    private static final String SCRIPT = resource("gantt.js");

    private GanttSvg() { }

    /** The chart as a standalone SVG file ({@code --gantt FILE.svg}). */
    public static String file(Gantt g) {
        Document d = new Document("");
        d.outputSettings().syntax(Document.OutputSettings.Syntax.xml).charset(StandardCharsets.UTF_8)
                .prettyPrint(true).indentAmount(1);
        d.appendChild(new XmlDeclaration("xml", false).attr("version", "1.0").attr("encoding", "UTF-8"));
        d.appendChild(svg(g));
        return d.outerHtml() + "\n";
    }

    /** The chart's root element, to place inline in a page. */
    public static Element svg(Gantt g) {
        List<Gantt.Job> jobs = g.jobs().size() > MAX_JOBS ? g.jobs().subList(0, MAX_JOBS) : g.jobs();
        long t0 = Stream.of(g.bars().stream().mapToLong(Gantt.Bar::start), jobs.stream().mapToLong(Gantt.Job::release))
                .flatMapToLong(s -> s).reduce(0, Math::min);
        long t1 = Stream.of(g.bars().stream().mapToLong(Gantt.Bar::end), g.bands().stream().mapToLong(Gantt.Band::end),
                        jobs.stream().mapToLong(j -> Math.max(j.end(), j.deadline())))
                .flatMapToLong(s -> s).reduce(1, Math::max);
        // A margin on both sides, so that the arrows at the very start and end are drawn whole.
        long pad = Math.max(1, (t1 - t0 + 99) / 100);
        t0 -= pad;
        t1 += pad;
        int[] y = laneTops(g);
        int plotHeight = y[y.length - 1];
        int height = TOP + plotHeight + 70;
        Element s = new Element("svg").attr("xmlns", "http://www.w3.org/2000/svg")
                .attr("width", Integer.toString(WIDTH)).attr("height", Integer.toString(height))
                .attr("class", "gantt-chart")
                .attr("data-t0", Long.toString(t0)).attr("data-t1", Long.toString(t1)).attr("data-unit", g.unit());
        // Set through attributes(): attr() lower-cases names, and SVG's are case-sensitive in a .svg file.
        s.attributes().put("viewBox", "0 0 " + WIDTH + " " + height);
        String title = g.title() + (jobs.size() < g.jobs().size() ? " (first " + MAX_JOBS + " of " + g.jobs().size()
                + " jobs)" : "");
        s.appendElement("title").text(title);
        s.appendElement("style").appendChild(new DataNode(CSS));
        text(s, 8, 20, "title", title);
        axis(s.appendElement("g").attr("class", "axis"), t0, t1, plotHeight);
        labels(s, g, y);
        double span = t1 - t0;
        Element plot = s.appendElement("svg").attr("class", "plot").attr("x", Integer.toString(LEFT))
                .attr("y", Integer.toString(TOP)).attr("width", Integer.toString(PLOT))
                .attr("height", Integer.toString(plotHeight));
        plot.attributes().put("viewBox", t0 + " 0 " + (t1 - t0) + " " + plotHeight);
        plot.attributes().put("preserveAspectRatio", "none");
        Element bands = plot.appendElement("g").attr("class", "bands");
        for (int k = 0; k < g.bands().size(); k++) {
            Gantt.Band b = g.bands().get(k);
            rect(bands, b.start(), 0, b.end() - b.start(), plotHeight, "band " + (k % 2 == 0 ? "even" : "odd"))
                    .appendElement("title").text("frame " + k + ": " + b.start() + " to " + b.end());
        }
        drawJobs(plot, g, jobs, y, span / PLOT);
        text(s, LEFT, TOP + plotHeight + 38, "window", "all of " + t0 + " to " + t1 + " " + g.unit());
        text(s, LEFT, TOP + plotHeight + 58, "legend", "\u2191 release \u00b7 \u2193 deadline \u00b7 red: missed deadline"
                + " (\u2715 at its end) \u00b7 yellow: least slack \u00b7 grey bands: frames \u00b7 hover a job for its times");
        s.appendElement("script").appendChild(new DataNode(SCRIPT));
        return s;
    }

    /**
     * The jobs of a chart, in the plot's time coordinates: each a group of its bars, its release arrow on
     * its task's first lane, its deadline mark down its task's lanes and its tooltip. Arrow heads and crosses
     * are drawn {@code upp} time units per pixel wide and kept that wide by the chart's style when zoomed.
     */
    private static void drawJobs(Element plot, Gantt g, List<Gantt.Job> jobs, int[] y, double upp) {
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
            rect(e, j.start(), top, Math.max(j.end() - j.start(), 0), bottom - top, "least-slack-span");
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
    private static String tooltip(String task, Gantt.Job j, boolean least) {
        return task + " job " + j.index() + ": release " + j.release() + ", start " + j.start() + ", end " + j.end()
                + ", deadline " + j.deadline() + ", slack " + j.slack()
                + (j.frame() >= 0 ? ", frame " + j.frame() : "")
                + (j.missed() ? "; MISSED its deadline by " + (-j.slack()) : "")
                + (least ? "; the least slack of this run" : "");
    }

    private static void bar(Element parent, Gantt.Bar b, int[] y) {
        rect(parent, b.start(), y[b.lane()] + 3, b.end() - b.start(), LANE - 6, "bar")
                .attr("fill", colour(b.task())).attr("stroke", hex(GanttCharts.colour(b.task()).darker()));
    }

    private static void path(Element parent, String d, String cls) {
        parent.appendElement("path").attr("d", d).attr("class", cls);
    }

    /** The top of each lane in plot pixels, a gap between tasks; the last value is the plot's height. */
    private static int[] laneTops(Gantt g) {
        int[] y = new int[g.lanes().size() + 1];
        int at = 0;
        for (int i = 0; i < g.lanes().size(); i++) {
            if (i > 0 && !g.laneTasks().get(i).equals(g.laneTasks().get(i - 1))) {
                at += GAP;
            }
            y[i] = at;
            at += LANE;
        }
        y[g.lanes().size()] = Math.max(at, LANE);
        return y;
    }

    /** The time axis of the first view: grid lines and labelled ticks at 1, 2 or 5 times a power of ten. */
    private static void axis(Element axis, long t0, long t1, int height) {
        double span = t1 - t0;
        // About eight ticks across (the page's script picks the step the same way).
        double p = Math.pow(10, Math.floor(Math.log10(span / 8)));
        double m = span / 8 / p;
        double st = p * (m > 5 ? 10 : m > 2 ? 5 : m > 1 ? 2 : 1);
        // Counted ticks, not a running sum: the same labels however the floating point rounds.
        long first = (long) Math.ceil(t0 / st);
        for (long k = first; k * st <= t1; k++) {
            double t = k * st;
            double x = LEFT + (t - t0) / span * PLOT;
            line(axis, x, TOP, x, TOP + height, "grid");
            line(axis, x, TOP + height, x, TOP + height + 5, "tick");
            text(axis, x, TOP + height + 18, "tick-label", num(Math.round(t * 100) / 100.0));
        }
    }

    private static void labels(Element s, Gantt g, int[] y) {
        Element labels = s.appendElement("g").attr("class", "labels");
        for (int i = 0; i < g.lanes().size(); i++) {
            boolean first = i == 0 || !g.laneTasks().get(i).equals(g.laneTasks().get(i - 1));
            text(labels, LEFT - 6, TOP + y[i] + LANE / 2.0, "lane-label" + (first ? " task-label" : ""),
                    g.lanes().get(i));
            if (first && i > 0) {
                double sep = TOP + y[i] - GAP / 2.0;
                labels.appendElement("line").attr("class", "separator").attr("x1", "4").attr("x2",
                        Integer.toString(LEFT + PLOT)).attr("y1", num(sep)).attr("y2", num(sep));
            }
        }
    }

    private static Element rect(Element parent, double x, double y, double w, double h, String cls) {
        return parent.appendElement("rect").attr("x", num(x)).attr("y", num(y)).attr("width", num(w))
                .attr("height", num(h)).attr("class", cls);
    }

    private static void line(Element parent, double x1, double y1, double x2, double y2, String cls) {
        parent.appendElement("line").attr("x1", num(x1)).attr("y1", num(y1)).attr("x2", num(x2))
                .attr("y2", num(y2)).attr("class", cls);
    }

    private static Element text(Element parent, double x, double y, String cls, String text) {
        return parent.appendElement("text").attr("x", num(x)).attr("y", num(y)).attr("class", cls).text(text);
    }

    /** A task's colour as "#rrggbb" (the charts' palette). */
    public static String colour(int task) {
        return hex(GanttCharts.colour(task));
    }

    private static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** A coordinate: an integer as one, else up to three decimals (same bytes on every machine). */
    private static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%.3f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String resource(String name) {
        try (InputStream in = GanttSvg.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
