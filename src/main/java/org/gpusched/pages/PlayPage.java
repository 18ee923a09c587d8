package org.gpusched.pages;

import org.gpusched.player.PlayResult;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.List;
import java.util.Locale;

/**
 * {@code play --html FILE}: the replay of one table as a review page: the run's summary, its frames against
 * the model, the start skew and each job's lateness. The command played it; this page only draws the result.
 */
public final class PlayPage {
    /** What was played: the table and task set as given, and the drawn execution times with their seed. */
    public record Run(String table, String taskSet, String execTime, long seed) { }

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
        PlayedFrames.sections(s, r);
        return Page.finish(doc);
    }
}
