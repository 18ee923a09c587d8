package org.gpusched.pages;

import org.gpusched.player.FrameCheck;
import org.gpusched.player.PlayResult;
import org.gpusched.player.WakeSkew;
import org.gpusched.profile.Loop;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.*;

/**
 * {@code play --html FILE}: the replay of one table as a review page: the run's summary, its frames against
 * the model, the start skew and each job's lateness; and {@code loop --html FILE}, whose last round is such a
 * replay. The command played it; this page only draws the result.
 */
public final class PlayPage {
    /** What was played: the table and task set as given, and the drawn execution times with their seed. */
    public record Run(String table, String taskSet, String execTime, long seed) { }

    /** A loop's input, where its model started, the device it replayed on, and its result. */
    public record LoopRun(String taskSet, String start, String device, Loop.Result result) { }

    /** How many frames and jobs the "worst" tables list; the histogram and the bars cover them all. */
    private static final int SHOWN = 10;
    /** Above this many distinct overruns the histogram groups them into as many equal bins. */
    private static final int BINS = 20;

    private PlayPage() { }

    public static String write(Run e, PlayResult r) {
        Document doc = Page.shell("play", List.of(e.table()));
        Element s = doc.body().appendElement("section");
        PlayResult.Summary sum = r.summary();
        s.appendElement("h2").text(e.table() + " (task set " + e.taskSet() + ")");
        Element verdict = s.appendElement("p").addClass("verdict");
        verdict.appendElement("span").addClass(sum.misses() == 0 ? "schedulable" : "not-schedulable")
                .text(sum.misses() == 0 ? "no deadline miss" : sum.misses() + " deadline miss"
                        + (sum.misses() == 1 ? "" : "es") + " (first: " + sum.firstMiss() + ")");
        verdict.appendText(String.format(Locale.ROOT, "; %d jobs in %d batches, max lateness %d %s, GPU busy %.1f%%",
                sum.jobs(), sum.batches(), sum.maxLateness(), r.trace().unit(), 100 * sum.busyFraction()));
        Element t = Page.table(s.appendElement("table").addClass("run"), "device", "mode", "exec-time", "seed",
                "hyperperiods", "times in");
        Page.row(t, r.trace().device(), r.mode().cli(), e.execTime(), Long.toString(e.seed()),
                Integer.toString(r.plan().played()), r.trace().unit());
        if (!r.trace().notes().isEmpty()) {
            Element ul = s.appendElement("ul").addClass("device-notes");
            r.trace().notes().forEach(n -> ul.appendElement("li").text("device: " + n));
        }
        sections(s, r);
        return Page.finish(doc);
    }

    /**
     * {@code loop --html FILE}: the rounds of a loop (each round's verdict, its frames over their model and the
     * sets it raised), whether it converged, and the last round's replay drawn as {@code play --html} draws one.
     */
    public static String loop(LoopRun e) {
        Document doc = Page.shell("loop", List.of(e.taskSet()));
        Element s = doc.body().appendElement("section");
        Loop.Result r = e.result();
        s.appendElement("h2").text(e.taskSet() + (r.taskSet().name() == null ? "" : " (" + r.taskSet().name() + ")"));
        Element verdict = s.appendElement("p").addClass("verdict");
        // Late starts are not the model's: the loop converged, and a deadline still missed.
        boolean converged = r.outcome() == Loop.Outcome.STABLE || r.outcome() == Loop.Outcome.LATE_START;
        verdict.appendElement("span").addClass(r.outcome() == Loop.Outcome.STABLE ? "schedulable" : "not-schedulable")
                .text(r.outcome().words());
        verdict.appendText(" after " + r.rounds().size() + " round" + (r.rounds().size() == 1 ? "" : "s")
                + " on " + e.device() + ", starting from the " + e.start() + (converged
                ? ": converged, every frame of the last replay within its model" : ": not converged") + ".");
        rounds(s, r);
        s.appendElement("h3").text("Last replay");
        if (r.lastPlay() == null) {
            s.appendElement("p").text("No replay: no round found a table to play.");
        } else {
            int round = r.rounds().stream().filter(x -> x.frames() > 0).mapToInt(Loop.Round::round).max().orElse(0);
            s.appendElement("p").text("Round " + round + "'s table on " + r.lastPlay().trace().device()
                    + ", times in " + r.lastPlay().trace().unit() + ".");
            sections(s, r.lastPlay());
        }
        return Page.finish(doc);
    }

    private static void rounds(Element s, Loop.Result r) {
        s.appendElement("h3").text("Rounds");
        List<FactBars.Bar> bars = r.rounds().stream().map(x -> new FactBars.Bar("round " + x.round(),
                x.overrunFrames(), x.overrunFrames() + " of " + x.frames(), "round " + x.round() + ": "
                + x.verdict().words() + ", " + x.overrunFrames() + " of " + x.frames() + " frames over their model, "
                + x.changes().size() + " sets raised", x.overrunFrames() > 0 || x.deadlineMissed())).toList();
        s.appendElement("div").addClass("bars").appendChild(FactBars.svg("round-bars",
                "Frames over their model, per round", bars, 0, "",
                "bars: frames of the round's replay that took longer than the model; red: the round raised the model"
                        + " or missed a deadline"));
        Element t = Page.table(s.appendElement("table").addClass("numbers rounds"), "round", "verdict", "frames",
                "over their model", "worst overrun", "worst jobs", "deadline missed", "raised");
        for (Loop.Round x : r.rounds()) {
            Element tr = Page.row(t, Integer.toString(x.round()), x.verdict().words(), Integer.toString(x.frames()),
                    Integer.toString(x.overrunFrames()), Long.toString(x.worstOverrun()),
                    String.join(" ", x.worstJobs()), x.deadlineMissed() ? "yes" : "no", "")
                    .addClass(x.overrunFrames() > 0 || x.deadlineMissed() ? "critical" : "round");
            Element raised = tr.child(7);
            if (x.changes().isEmpty()) {
                raised.text("nothing");
            }
            for (Loop.Change c : x.changes()) {
                raised.appendElement("div").text("{" + String.join(", ", c.tasks()) + "}: " + c.from() + " -> "
                        + c.to());
            }
        }
    }

    /**
     * The sections a replay adds to a page ({@code play}, and {@code loop}'s last round): its frames against
     * the model as a histogram of length minus C(S), the start skew's percentiles, and each job's lateness
     * (finish minus deadline) as bars per task and a table of the latest jobs. Times in the trace's unit.
     */
    private static void sections(Element s, PlayResult r) {
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
