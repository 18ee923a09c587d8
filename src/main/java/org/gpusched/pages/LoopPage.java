package org.gpusched.pages;

import org.gpusched.profile.Loop;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.List;

/**
 * {@code loop --html FILE}: the rounds of a loop (each round's verdict, its frames over their model and the
 * sets it raised), whether it converged, and the last round's replay drawn as {@code play --html} draws one.
 */
public final class LoopPage {
    /** The loop's input, where its model started, the device it replayed on, and its result. */
    public record Entry(String taskSet, String start, String device, Loop.Result result) { }

    private LoopPage() { }

    public static String write(Entry e) {
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
            s.appendElement("p").text("Round " + lastPlayed(r) + "'s table on " + r.lastPlay().trace().device()
                    + ", times in " + r.lastPlay().trace().unit() + ".");
            PlayedFrames.sections(s, r.lastPlay());
        }
        return Page.finish(doc);
    }

    private static int lastPlayed(Loop.Result r) {
        return r.rounds().stream().filter(x -> x.frames() > 0).mapToInt(Loop.Round::round).max().orElse(0);
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
}
