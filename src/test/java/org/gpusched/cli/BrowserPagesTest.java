package org.gpusched.cli;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The review pages as a person sees them, in a real browser (headless Chromium; required in CI): each
 * page loads with nothing on its console, a job's tooltip gives its deadline, a zoom shows another
 * window, a missed job is marked. A screenshot of each page kind is kept under target/pages (and, with
 * {@code -Dgpusched.writeScreenshots=true}, copied to docs/pages for the documentation). The tables that play
 * and verify read are written there too, so that the pages name a path that does not change between runs.
 */
class BrowserPagesTest {
    private static final Path SHOTS = Path.of("target", "pages");

    @TempDir
    Path dir;

    private Document loaded(HeadlessBrowser b, Path html, String hash) throws Exception {
        HeadlessBrowser.Load l = b.load(html.toUri() + hash);
        assertThat(l.console()).as("console of " + html.getFileName()).isEmpty();
        Document d = Jsoup.parse(l.dom());
        // The chart's script ran to its end (it marks the chart ready last).
        assertThat(d.select("svg.gantt-chart").eachAttr("data-ready")).allMatch("true"::equals);
        return d;
    }

    private static void keep(HeadlessBrowser b, Path html, String name, int height) throws Exception {
        Path png = SHOTS.resolve(name + ".png");
        b.screenshot(html.toUri().toString(), png, height);
        if (Boolean.getBoolean("gpusched.writeScreenshots")) {
            Files.createDirectories(Path.of("docs", "pages"));
            Files.copy(png, Path.of("docs", "pages", name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void analyzePageLoadsCleanlyItsTooltipsGiveDeadlinesAndItZooms() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("analyze.html");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--html", html.toString()).code()).isZero();
        Document d = loaded(b, html, "");
        Element svg = d.selectFirst("div.gantt > svg.gantt-chart");
        assertThat(svg.attr("data-window")).isEqualTo("-1,21");
        assertThat(svg.selectFirst("g.job[data-task=tau2][data-job=1] > title").text())
                .contains("deadline 10").contains("slack 1");
        assertThat(svg.select("g.job.least-slack > title").text()).contains("tau1 job 0", "the least slack");
        // #t=5,10 opens that window: the plot's viewBox and the axis follow, the heads keep their width.
        Document z = loaded(b, html, "#t=5,10");
        Element zs = z.selectFirst("svg.gantt-chart");
        assertThat(zs.attr("data-window")).isEqualTo("5,10");
        assertThat(zs.selectFirst("svg.plot").attr("viewBox")).startsWith("5 0 5 ");
        assertThat(zs.select("g.axis text.tick-label").eachText()).first().isEqualTo("5");
        assertThat(zs.select("g.axis text.tick-label").eachText()).last().isEqualTo("10");
        assertThat(zs.attr("style")).contains("--k");
        keep(b, html, "analyze", 1000);
    }

    @Test
    void aMissedJobIsMarkedOnThePageAndInTheSvgFile() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("miss.html");
        Path svgFile = dir.resolve("miss.svg");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--method", "edf-parallel", "--html",
                html.toString(), "--gantt", svgFile.toString()).code()).isEqualTo(1);
        Document d = loaded(b, html, "");
        Element tau1 = d.selectFirst("g.job.miss[data-task=tau1][data-job=0]");
        assertThat(tau1).isNotNull();
        assertThat(tau1.selectFirst("title").text()).contains("deadline 4", "MISSED its deadline by");
        assertThat(tau1.select("path.cross")).hasSize(1);
        // The standalone chart runs the same script in the browser, with nothing on the console.
        Document s = loaded(b, svgFile, "#t=0,10");
        assertThat(s.selectFirst("svg.gantt-chart").attr("data-window")).isEqualTo("0,10");
        assertThat(s.select("g.job.miss")).isNotEmpty();
        keep(b, html, "analyze-miss", 1000);
    }

    @Test
    void comparePageLoadsCleanly() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("compare.html");
        assertThat(CliRunner.run("compare", "examples/paper-fig1.json", "--methods", "gpusched,edf-parallel",
                "--html", html.toString()).code()).isZero();
        Document d = loaded(b, html, "");
        assertThat(d.select("table.compare tbody tr")).hasSize(3);
        keep(b, html, "compare", 1100);
    }

    @Test
    void sensitivityPageLoadsCleanly() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("sensitivity.html");
        assertThat(CliRunner.run("sensitivity", "examples/jetson-orin-perception.json", "--html", html.toString()).code())
                .isZero();
        Document d = loaded(b, html, "");
        assertThat(d.select("svg.margin-bars rect.flagged")).hasSize(1);
        assertThat(d.select("table.margins-per-task tr.critical")).hasSize(1);
        keep(b, html, "sensitivity", 700);
    }

    @Test
    void playPageLoadsCleanly() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("play.html");
        assertThat(CliRunner.run("play", PlayerPagesTest.optimisticTable(SHOTS).toString(), "--taskset",
                "examples/optimistic.json", "--device", "sim", "--sim-timing", "examples/optimistic-truth.json",
                "--html", html.toString()).code()).isEqualTo(1);
        Document d = loaded(b, html, "");
        assertThat(d.select("svg.frame-histogram rect.flagged")).hasSize(1);
        assertThat(d.select("svg.skew-bars rect.bar")).hasSize(3);
        keep(b, html, "play", 1000);
    }

    @Test
    void loopPageLoadsCleanly() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("loop.html");
        assertThat(CliRunner.run("loop", "examples/optimistic.json", "--device", "sim", "--sim-timing",
                "examples/optimistic-truth.json", "--start", "model", "--out", dir.resolve("final.json").toString(),
                "--html", html.toString()).code()).isZero();
        Document d = loaded(b, html, "");
        assertThat(d.select("table.rounds tbody tr")).hasSize(2);
        keep(b, html, "loop", 700);
    }

    @Test
    void verifyPageLoadsCleanly() throws Exception {
        HeadlessBrowser b = HeadlessBrowser.find();
        Path html = dir.resolve("verify.html");
        assertThat(CliRunner.run("verify", PlayerPagesTest.optimisticTable(SHOTS).toString(), "--taskset",
                "examples/optimistic.json", "--runs", "100", "--exec-time", "uniform:0.8..1.2", "--mode", "reclaim",
                "--html", html.toString()).code()).isEqualTo(1);
        Document d = loaded(b, html, "");
        assertThat(d.select("table.checks tr.critical")).hasSize(1);
        assertThat(d.select("svg.miss-bars rect.flagged")).isNotEmpty();
        keep(b, html, "verify", 800);
    }
}
