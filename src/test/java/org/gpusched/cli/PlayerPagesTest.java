package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.ExitCodes;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The --html pages of play, loop and verify on the simulated device: written through the run's outputs, valid
 * HTML5 and self-contained ({@link HtmlPagesTest#page}), with the numbers the command's JSON report gives; the
 * report itself unchanged by the page; nothing the user gave overwritten.
 */
class PlayerPagesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The optimistic model's table, which the "true" timing overruns at its first frame. */
    static Path optimisticTable(Path dir) {
        Path table = dir.resolve("opt-table.json");
        assertThat(CliRunner.run("analyze", "examples/optimistic.json", "--table", table.toString()).code()).isZero();
        return table;
    }

    private static List<String> cells(Document d, String table) {
        return d.select("table." + table + " tbody td").eachText();
    }

    /** Nearest rank, as WakeSkew and docs/player.md define the skew's percentiles. */
    private static long percentile(long[] values, int p) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s[Math.max(0, (int) Math.ceil(p / 100.0 * s.length) - 1)];
    }

    @Test
    void playPageShowsFramesOverTheModelSkewPercentilesAndLateness() throws IOException {
        Path table = optimisticTable(dir);
        Path html = dir.resolve("play.html");
        String[] args = {"play", table.toString(), "--taskset", "examples/optimistic.json", "--device", "sim",
                "--sim-timing", "examples/optimistic-truth.json", "--format", "json"};
        CliRunner plain = CliRunner.run(args);
        CliRunner r = CliRunner.run(cat(args, "--html", html.toString()));
        assertThat(r.code()).as(r.err()).isEqualTo(plain.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(r.out()).isEqualTo(plain.out());
        JsonNode j = JSON.readTree(r.out());
        JsonNode f = j.get("frames");
        Document d = HtmlPagesTest.page(html);
        // frames, over their model, worst overrun, max start skew, deadline missed
        assertThat(cells(d, "frames-summary")).containsExactly(f.get("frames").asText(),
                f.get("overrunFrames").asText(), f.get("worstOverrun").asText(), f.get("maxStartSkew").asText(), "yes");
        assertThat(f.get("overrunFrames").asInt()).isEqualTo(1);
        long[] skews = new long[f.get("perFrame").size()];
        for (int i = 0; i < skews.length; i++) {
            skews[i] = f.get("perFrame").get(i).get("skew").asLong();
        }
        assertThat(cells(d, "skew")).containsExactly(Integer.toString(skews.length),
                Long.toString(percentile(skews, 50)), Long.toString(percentile(skews, 99)),
                Long.toString(percentile(skews, 100)));
        assertThat(percentile(skews, 99)).isEqualTo(1);
        // The histogram: its red bars (frames past their model) count the frames over it, all its bars every frame.
        Element hist = d.selectFirst("div.bars > svg.frame-histogram");
        assertThat(hist.select("rect.flagged > title").eachText()).containsExactly("1 frames of length minus model +1 tick");
        assertThat(hist.select("rect.bar > title").eachText().stream().mapToInt(t -> Integer.parseInt(t.split(" ")[0]))
                .sum()).isEqualTo(skews.length);
        // The latest job is the report's first miss, late by its max lateness; each task has a bar.
        JsonNode s = j.get("summary");
        Element first = d.selectFirst("table.worst-jobs tbody tr");
        assertThat(first.child(0).text()).isEqualTo(s.get("firstMiss").asText());
        assertThat(first.child(7).text()).isEqualTo(s.get("maxLateness").asText());
        assertThat(first.hasClass("critical")).isTrue();
        assertThat(d.select("svg.lateness-bars rect.bar")).hasSize(3);
        assertThat(d.select("svg.lateness-bars rect.flagged > title").text()).startsWith("tau1#0:").endsWith("late by 1 tick");
        assertThat(d.selectFirst("p.verdict").text()).contains(s.get("jobs").asText() + " jobs in "
                + s.get("batches").asText() + " batches");
        // Same input, same bytes.
        Path again = dir.resolve("again.html");
        CliRunner.run(cat(args, "--html", again.toString()));
        assertThat(Files.readString(again)).isEqualTo(Files.readString(html));
    }

    @Test
    void loopPageShowsEachRoundWhatItRaisedAndWhetherItConverged() throws IOException {
        Path html = dir.resolve("loop.html");
        CliRunner r = CliRunner.run("loop", "examples/optimistic.json", "--device", "sim", "--sim-timing",
                "examples/optimistic-truth.json", "--start", "model", "--out", dir.resolve("final.json").toString(),
                "--format", "json", "--html", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = JSON.readTree(r.out());
        Document d = HtmlPagesTest.page(html);
        List<Element> rows = d.select("table.rounds tbody tr");
        assertThat(rows).hasSize(j.get("rounds").asInt()).hasSize(2);
        for (int i = 0; i < rows.size(); i++) {
            JsonNode x = j.get("perRound").get(i);
            assertThat(rows.get(i).children().eachText().subList(0, 5)).containsExactly(x.get("round").asText(),
                    x.get("verdict").asText(), x.get("frames").asText(), x.get("overrunFrames").asText(),
                    x.get("worstOverrun").asText());
        }
        // Round 1 raised {tau1, tau2} from 4 to 5 (the truth's time); round 2 raised nothing: converged.
        JsonNode c = j.get("perRound").get(0).get("changes").get(0);
        assertThat(rows.get(0).child(7).text()).isEqualTo("{tau1, tau2}: " + c.get("from").asText() + " -> "
                + c.get("to").asText()).isEqualTo("{tau1, tau2}: 4 -> 5");
        assertThat(rows.get(1).child(7).text()).isEqualTo("nothing");
        assertThat(d.select("svg.round-bars rect.flagged")).hasSize(1);
        assertThat(d.selectFirst("p.verdict").text()).startsWith("stable: no frame overran its model after 2 rounds")
                .contains("converged");
        // The last round's replay: 0 of its frames over the model.
        JsonNode last = j.get("perRound").get(1);
        assertThat(cells(d, "frames-summary").subList(0, 2)).containsExactly(last.get("frames").asText(), "0");
        assertThat(d.select("svg.frame-histogram rect.flagged")).isEmpty();
    }

    @Test
    void verifyPageShowsEachCheckAndTheJobsThatFailed() throws IOException {
        Path table = optimisticTable(dir);
        Path html = dir.resolve("verify.html");
        // Jobs 20% over their wcet at worst: some runs miss.
        CliRunner r = CliRunner.run("verify", table.toString(), "--taskset", "examples/optimistic.json", "--runs", "40",
                "--exec-time", "uniform:0.8..1.2", "--format", "json", "--html", html.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        JsonNode j = JSON.readTree(r.out());
        Document d = HtmlPagesTest.page(html);
        List<Element> rows = d.select("table.checks tbody tr");
        assertThat(rows).hasSize(j.get("modes").size());
        List<String> failedJobs = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            JsonNode m = j.get("modes").get(i);
            boolean ok = m.get("failedRuns").asInt() == 0;
            assertThat(rows.get(i).children().eachText().subList(0, 7)).containsExactly(m.get("mode").asText(),
                    ok ? "pass" : "FAIL", m.get("runs").asText(), m.get("failedRuns").asText(),
                    m.get("missedJobs").asText(), m.get("maxLateness").asText(), m.get("maxLatenessSeed").asText());
            if (!ok) {
                failedJobs.add(m.get("mode").asText() + " " + m.get("firstMiss").asText());
                assertThat(d.select("code").eachText()).contains(m.get("reproduce").asText());
            }
        }
        assertThat(failedJobs).isNotEmpty();
        // Every job that missed, per mode, in at most the mode's failed runs; the report's first miss among them.
        List<String> listed = d.select("table.failed-jobs tbody tr").stream()
                .map(tr -> tr.child(0).text() + " " + tr.child(1).text()).toList();
        assertThat(listed).containsAll(failedJobs);
        for (Element tr : d.select("table.failed-jobs tbody tr")) {
            int failed = j.get("modes").findValues("mode").indexOf(JSON.getNodeFactory().textNode(tr.child(0).text()));
            assertThat(Integer.parseInt(tr.child(2).text())).isBetween(1, j.get("modes").get(failed).get("failedRuns").asInt());
        }
        assertThat(d.select("svg.miss-bars rect.flagged")).hasSize(listed.size());
    }

    @Test
    void aVerificationThatPassesSaysNoJobMissed() throws IOException {
        Path table = optimisticTable(dir);
        Path html = dir.resolve("verify.html");
        CliRunner r = CliRunner.run("verify", table.toString(), "--taskset", "examples/optimistic.json", "--runs", "20",
                "--mode", "time-triggered", "--html", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Document d = HtmlPagesTest.page(html);
        assertThat(cells(d, "checks").subList(0, 4)).containsExactly("time-triggered", "pass", "20", "0");
        assertThat(d.selectFirst("p.verdict").text()).startsWith("passed: 20 runs per mode");
        assertThat(d.select("table.failed-jobs, svg")).isEmpty();
    }

    @Test
    void nothingTheUserGaveIsOverwrittenAndARefusedRunWritesNoPage() throws IOException {
        Path table = optimisticTable(dir);
        Path taskset = dir.resolve("opt.json");
        Files.copy(Path.of("examples/optimistic.json"), taskset);
        Path mine = dir.resolve("mine.html");
        Files.writeString(mine, "not gpusched's");
        String ts = Files.readString(taskset);
        String tb = Files.readString(table);
        List<String[]> runs = List.of(
                new String[] {"play", table.toString(), "--taskset", taskset.toString(), "--device", "sim", "--html"},
                new String[] {"verify", table.toString(), "--taskset", taskset.toString(), "--runs", "2", "--html"});
        for (String[] args : runs) {
            for (Path target : List.of(taskset, table, mine)) {
                CliRunner r = CliRunner.run(cat(args, target.toString()));
                assertThat(r.code()).as(String.join(" ", args) + " " + target).isEqualTo(ExitCodes.INVALID);
                assertThat(r.err()).contains(target.toString());
            }
        }
        CliRunner loop = CliRunner.run("loop", taskset.toString(), "--device", "sim", "--start", "model", "--out",
                dir.resolve("final.json").toString(), "--html", taskset.toString());
        assertThat(loop.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(Files.readString(taskset)).isEqualTo(ts);
        assertThat(Files.readString(table)).isEqualTo(tb);
        assertThat(Files.readString(mine)).isEqualTo("not gpusched's");
        assertThat(dir.resolve("final.json")).doesNotExist();
        // --force overwrites a file that is not an input, as in every command.
        CliRunner forced = CliRunner.run("verify", table.toString(), "--taskset", taskset.toString(), "--runs", "2",
                "--html", mine.toString(), "--force");
        assertThat(forced.code()).as(forced.err()).isZero();
        assertThat(Files.readString(mine)).startsWith("<!doctype html>");
        // A play that is refused (a table that is not there; a strategy, which has no frames) writes no page.
        Path none = dir.resolve("none.html");
        assertThat(CliRunner.run("play", dir.resolve("missing.json").toString(), "--taskset", taskset.toString(),
                "--device", "sim", "--html", none.toString()).code()).isEqualTo(ExitCodes.INVALID);
        assertThat(CliRunner.run("play", "--strategy", "order", "--taskset", "examples/copy-exec-video.json",
                "--device", "sim", "--html", none.toString()).code()).isEqualTo(ExitCodes.INVALID);
        assertThat(none).doesNotExist();
    }

    private static String[] cat(String[] a, String... b) {
        String[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
