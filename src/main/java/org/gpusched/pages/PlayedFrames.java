package org.gpusched.pages;

import org.gpusched.player.FrameCheck;
import org.gpusched.player.PlayResult;
import org.gpusched.player.WakeSkew;
import org.jsoup.nodes.Element;

import java.util.*;

/**
 * The sections a replay adds to a page ({@code play}, and {@code loop}'s last round): its frames against
 * the model as a histogram of length minus C(S), the start skew's percentiles, and each job's lateness
 * (finish minus deadline) as bars per task and a table of the latest jobs. Times in the trace's unit.
 */
final class PlayedFrames {
    /** How many frames and jobs the "worst" tables list; the histogram and the bars cover them all. */
    static final int SHOWN = 10;
    /** Above this many distinct overruns the histogram groups them into as many equal bins. */
    private static final int BINS = 20;

    private PlayedFrames() { }

    static void sections(Element s, PlayResult r) {
        FrameCheck fc = FrameCheck.of(r);
        String unit = r.trace().unit();
        frames(s, fc, unit);
        skew(s, fc, unit);
        lateness(s, r, unit);
    }

    private static void frames(Element s, FrameCheck fc, String unit) {
        FrameCheck.Summary f = fc.summary();
        s.appendElement("h3").text("Frames against the model");
        s.appendElement("p").addClass("frames").text(f.overrunFrames() + " of " + f.frames()
                + " frames over their model C(S)" + (f.overran() ? " (worst overrun " + f.worstOverrun() + " " + unit
                + " at entry " + f.worstEntry() + ": " + String.join(" ", f.worstJobs()) + ")" : "")
                + (f.deadlineMissed() ? "; a deadline was missed" : "; no deadline missed") + ".");
        Element t = Page.table(s.appendElement("table").addClass("numbers frames-summary"), "frames",
                "over their model", "worst overrun (" + unit + ")", "max start skew (" + unit + ")", "deadline missed");
        Page.row(t, Integer.toString(f.frames()), Integer.toString(f.overrunFrames()), Long.toString(f.worstOverrun()),
                Long.toString(f.maxSkew()), f.deadlineMissed() ? "yes" : "no");
        if (fc.frames().isEmpty()) {
            return;
        }
        s.appendElement("div").addClass("bars").appendChild(FactBars.svg("frame-histogram",
                "Frames by their length minus their model C(S)", histogram(fc.frames(), unit), 0, "",
                "bars: how many frames ran that much longer (+) or shorter (-) than their model; red: over it"));
        List<FrameCheck.Frame> worst = fc.frames().stream()
                .sorted(Comparator.comparingLong(FrameCheck.Frame::overrun).reversed()).limit(SHOWN).toList();
        s.appendElement("p").text("The " + worst.size() + " frames of " + fc.frames().size()
                + " with the largest length minus model:");
        Element w = Page.table(s.appendElement("table").addClass("numbers worst-frames"), "entry", "hyperperiod",
                "jobs", "planned start", "start", "skew", "model C(S)", "length", "overrun");
        for (FrameCheck.Frame x : worst) {
            Page.row(w, Integer.toString(x.entry()), Integer.toString(x.hyperperiod()), String.join(" ", x.jobs()),
                    Long.toString(x.plannedStart()), Long.toString(x.start()), Long.toString(x.skew()),
                    Long.toString(x.model()), Long.toString(x.length()), Long.toString(x.overrun()))
                    .addClass(x.overrun() > 0 ? "critical" : "frame");
        }
    }

    /** One bar per overrun seen, or per equal bin of them when there are many; flagged when over the model. */
    private static List<FactBars.Bar> histogram(List<FrameCheck.Frame> frames, String unit) {
        long lo = frames.stream().mapToLong(FrameCheck.Frame::overrun).min().orElse(0);
        long hi = frames.stream().mapToLong(FrameCheck.Frame::overrun).max().orElse(0);
        long width = Math.max(1, (hi - lo + BINS) / BINS);
        SortedMap<Long, Integer> bins = new TreeMap<>();
        frames.forEach(f -> bins.merge(Math.floorDiv(f.overrun() - lo, width), 1, Integer::sum));
        List<FactBars.Bar> bars = new ArrayList<>();
        for (Map.Entry<Long, Integer> e : bins.entrySet()) {
            long from = lo + e.getKey() * width;
            long to = from + width - 1;
            String range = width == 1 ? signed(from) : signed(from) + " .. " + signed(to);
            bars.add(new FactBars.Bar(range + " " + unit, e.getValue(), e.getValue() + " frame"
                    + (e.getValue() == 1 ? "" : "s"), e.getValue() + " frames of length minus model " + range + " "
                    + unit, to > 0));
        }
        return bars;
    }

    private static String signed(long v) {
        return v > 0 ? "+" + v : Long.toString(v);
    }

    private static void skew(Element s, FrameCheck fc, String unit) {
        long[] skews = fc.frames().stream().mapToLong(FrameCheck.Frame::skew).toArray();
        WakeSkew w = WakeSkew.of(skews);
        s.appendElement("h3").text("Start skew (start minus planned start)");
        Element t = Page.table(s.appendElement("table").addClass("numbers skew"), "frames", "p50 (" + unit + ")",
                "p99 (" + unit + ")", "max (" + unit + ")");
        Page.row(t, Integer.toString(w.count()), Long.toString(w.p50()), Long.toString(w.p99()),
                Long.toString(w.max()));
        if (w.count() == 0) {
            return;
        }
        List<FactBars.Bar> bars = List.of(bar("p50", w.p50(), unit), bar("p99", w.p99(), unit),
                bar("max", w.max(), unit));
        s.appendElement("div").addClass("bars").appendChild(FactBars.svg("skew-bars",
                "Start skew percentiles over " + w.count() + " frames (nearest rank)", bars, 0, "",
                "bars: how late a frame started against the table, at or below which that share of frames lies"));
    }

    private static FactBars.Bar bar(String name, long v, String unit) {
        return new FactBars.Bar(name, Math.max(0, v), v + " " + unit, name + " start skew " + v + " " + unit, false);
    }

    private static void lateness(Element s, PlayResult r, String unit) {
        s.appendElement("h3").text("Lateness per job (finish minus deadline)");
        Map<String, PlayResult.JobRow> worstByTask = new LinkedHashMap<>();
        for (PlayResult.JobRow j : r.jobs()) {
            worstByTask.merge(j.task(), j, (a, b) -> -b.slack() > -a.slack() ? b : a);
        }
        List<FactBars.Bar> bars = worstByTask.values().stream().map(j -> new FactBars.Bar(j.task(),
                (double) j.response() / Math.max(1, j.deadline() - j.release()), late(j, unit), j.task() + "#" + j.job()
                + ": response " + j.response() + ", relative deadline " + (j.deadline() - j.release()) + ", "
                + late(j, unit), j.miss())).toList();
        if (!bars.isEmpty()) {
            s.appendElement("div").addClass("bars").appendChild(FactBars.svg("lateness-bars",
                    "Each task's latest job: its response over its relative deadline", bars, 1.0, "deadline",
                    "bars: the latest job of each task, response over relative deadline; dashed: the deadline;"
                            + " red: a miss"));
        }
        List<PlayResult.JobRow> worst = r.jobs().stream()
                .sorted(Comparator.comparingLong(PlayResult.JobRow::slack)).limit(SHOWN).toList();
        s.appendElement("p").text("The " + worst.size() + " latest jobs of " + r.jobs().size() + ":");
        Element t = Page.table(s.appendElement("table").addClass("numbers worst-jobs"), "job", "hyperperiod",
                "release", "start", "finish", "response", "deadline", "lateness");
        for (PlayResult.JobRow j : worst) {
            Page.row(t, j.task() + "#" + j.job(), Integer.toString(j.hyperperiod()), Long.toString(j.release()),
                    Long.toString(j.start()), Long.toString(j.finish()), Long.toString(j.response()),
                    Long.toString(j.deadline()), Long.toString(-j.slack())).addClass(j.miss() ? "critical" : "job");
        }
        PlayResult.Summary sum = r.summary();
        if (sum.neverRun() > 0) {
            s.appendElement("p").addClass("not-schedulable").text("Never run (each a miss): " + sum.neverRun()
                    + " jobs: " + String.join(" ", sum.neverRunJobs())
                    + (sum.neverRun() > sum.neverRunJobs().size() ? " ..." : ""));
        }
    }

    private static String late(PlayResult.JobRow j, String unit) {
        return j.miss() ? "late by " + -j.slack() + " " + unit : "slack " + j.slack() + " " + unit;
    }
}
