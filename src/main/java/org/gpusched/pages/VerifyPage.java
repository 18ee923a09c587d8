package org.gpusched.pages;

import org.gpusched.model.Escapes;
import org.gpusched.player.Verifier;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code verify --html FILE}: what the Monte-Carlo check of a table ran (runs, seeds, execution times, the
 * simulated device), pass or fail per mode with the command that replays a failing run, and the table's jobs
 * that missed a deadline, with in how many runs.
 */
public final class VerifyPage {
    /** What was checked: the table and task set as given, the runs' settings, and whether --force was given. */
    public record Run(String table, String taskSet, String execTime, long seed, int runs, int hyperperiods,
                      String unit, boolean force) {
        /** The {@code play} command that replays the first failing run of {@code m}. */
        public String reproduce(Verifier.ModeResult m) {
            return "gpusched play " + Escapes.shell(table) + " --taskset " + Escapes.shell(taskSet) + " --device sim"
                    + " --mode " + m.mode().cli() + " --exec-time " + execTime + " --seed " + m.failingSeeds().get(0)
                    + (hyperperiods == 1 ? "" : " --hyperperiods " + hyperperiods) + (force ? " --force" : "");
        }
    }

    /** The most jobs drawn as bars (a long table would make a tall picture); the table lists every one. */
    private static final int BARS = 40;

    private VerifyPage() { }

    /** The page of {@code results}, one per mode checked. */
    public static String write(Run e, List<Verifier.ModeResult> results) {
        Document doc = Page.shell("verify", List.of(e.table()));
        Element s = doc.body().appendElement("section");
        s.appendElement("h2").text(e.table() + " (task set " + e.taskSet() + ")");
        boolean ok = results.stream().allMatch(Verifier.ModeResult::ok);
        Element verdict = s.appendElement("p").addClass("verdict");
        verdict.appendElement("span").addClass(ok ? "schedulable" : "not-schedulable")
                .text(ok ? "passed" : "failed");
        verdict.appendText(": " + e.runs() + " runs per mode on the simulated device, exec-time " + e.execTime()
                + ", seeds " + e.seed() + ".." + (e.seed() + e.runs() - 1) + ", " + e.hyperperiods() + " hyperperiod"
                + (e.hyperperiods() == 1 ? "" : "s") + " per run; a run fails when a job misses its deadline.");
        s.appendElement("h3").text("Checks");
        Element t = Page.table(s.appendElement("table").addClass("numbers checks"), "mode", "result", "runs",
                "failed runs", "missed jobs", "max lateness (" + e.unit() + ")", "its seed", "failing seeds",
                "first miss");
        for (Verifier.ModeResult m : results) {
            Element tr = Page.row(t, m.mode().cli(), m.ok() ? "pass" : "FAIL", Integer.toString(m.runs()),
                    Integer.toString(m.failedRuns()), Long.toString(m.missedJobs()), Long.toString(m.worstLateness()),
                    Long.toString(m.worstSeed()), m.failingSeeds().stream().map(String::valueOf)
                            .collect(Collectors.joining(", ")) + (m.failedRuns() > m.failingSeeds().size() ? ", ..." : ""),
                    m.firstMiss() == null ? "" : m.firstMiss()).addClass(m.ok() ? "pass" : "critical");
            tr.child(1).addClass(m.ok() ? "schedulable" : "not-schedulable");
        }
        results.stream().filter(m -> !m.ok()).forEach(m -> s.appendElement("p")
                .text("Replay " + m.mode().cli() + "'s first failing run: ").appendElement("code")
                .text(e.reproduce(m)));
        failedJobs(s, results);
        return Page.finish(doc);
    }

    private static void failedJobs(Element s, List<Verifier.ModeResult> results) {
        s.appendElement("h3").text("Jobs that missed");
        List<String[]> rows = new ArrayList<>();
        List<FactBars.Bar> bars = new ArrayList<>();
        for (Verifier.ModeResult m : results) {
            List<Map.Entry<String, Integer>> jobs = m.missesByJob().entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).toList();
            for (Map.Entry<String, Integer> j : jobs) {
                rows.add(new String[] {m.mode().cli(), j.getKey(), Integer.toString(j.getValue()),
                        share(j.getValue(), m.runs())});
                bars.add(new FactBars.Bar(m.mode().cli() + " " + j.getKey(), j.getValue(), j.getValue() + " runs", m.mode().cli() + ": " + j.getKey() + " missed its deadline in "
                        + j.getValue() + " of " + m.runs() + " runs", true));
            }
        }
        if (rows.isEmpty()) {
            s.appendElement("p").addClass("schedulable").text("No job of the table missed its deadline in any run.");
            return;
        }
        s.appendElement("div").addClass("bars").appendChild(FactBars.svg("miss-bars",
                "Runs in which each job missed its deadline", bars.subList(0, Math.min(BARS, bars.size())), 0, "",
                "bars: per mode, the runs in which the job finished after its deadline (or never ran)"
                        + (bars.size() > BARS ? "; the first " + BARS + " of " + bars.size() + ", all in the table" : "")));
        Element t = Page.table(s.appendElement("table").addClass("numbers failed-jobs"), "mode", "job",
                "runs missed", "share of runs");
        rows.forEach(x -> Page.row(t, x).addClass("critical"));
    }

    private static String share(int n, int runs) {
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * n / runs);
    }
}
