package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** --html: one self-contained page with the verdict, margins, the inline Gantt chart, compare's table, the task set. */
class HtmlReportTest {
    @TempDir
    Path dir;

    private Document page(Path html) throws IOException {
        String text = Files.readString(html);
        assertThat(text).startsWith("<!doctype html>");
        Document d = Jsoup.parse(text);
        // Self-contained: nothing to fetch, nothing to run.
        assertThat(d.select("script, link, iframe, img[src], object, embed")).isEmpty();
        assertThat(d.select("[src], [href]")).isEmpty();
        return d;
    }

    private static List<String> column(Element table, int col) {
        return table.select("tbody tr").stream().map(tr -> tr.child(col).text()).toList();
    }

    @Test
    void analyzeShowsTheVerdictTheMarginsTheChartAndTheTaskSet() throws IOException {
        Path html = dir.resolve("report.html");
        CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--html", html.toString());
        assertThat(r.code()).isZero();
        Document d = page(html);
        assertThat(d.select("h2").text()).isEqualTo("examples/paper-fig1.json (paper-fig1)");
        assertThat(d.select("table.verdicts td.schedulable").text()).isEqualTo("schedulable");
        // The table behind the chart passed the independent check, and the page says so.
        assertThat(d.select("p.table-check").text()).startsWith("Table check (gpusched): passed by the reference core");
        Element margins = d.selectFirst("table.margins");
        assertThat(column(margins, 0)).containsExactly("tau1", "tau2", "tau3");
        // The text report's margins: worst responses 4, 4, 9 against deadlines 4, 5, 10.
        assertThat(column(margins, 1)).containsExactly("4", "4", "9");
        assertThat(column(margins, 3)).containsExactly("0", "1", "1");
        Element svg = d.selectFirst("div.gantt > svg");
        assertThat(svg).isNotNull();
        assertThat(svg.select("path, rect, polygon, text").size()).isGreaterThan(10);
        assertThat(column(d.selectFirst("table.tasks"), 1)).containsExactly("4", "5", "10");
    }

    @Test
    void compareShowsEveryMethodAndTheResponsesSideBySide() throws IOException {
        Path html = dir.resolve("compare.html");
        CliRunner r = CliRunner.run("compare", "examples/paper-fig1.json", "--methods", "gpusched,edf-parallel",
                "--html", html.toString());
        assertThat(r.code()).isZero();
        Document d = page(html);
        assertThat(column(d.selectFirst("table.verdicts"), 1)).containsExactly("schedulable", "not schedulable");
        Element cmp = d.selectFirst("table.compare");
        assertThat(cmp.select("thead th").eachText()).containsExactly("task", "deadline", "gpusched", "edf-parallel");
        assertThat(column(cmp, 3)).containsExactly("8 !", "6 !", "6");
        assertThat(d.selectFirst("div.gantt > svg")).isNotNull();
    }

    @Test
    void hostileNamesStayTextAndTheBytesAreTheSameEachRun() throws IOException {
        String fig1 = Files.readString(Path.of("examples", "paper-fig1.json"));
        Path ts = dir.resolve("<b>x<i>.json");
        Files.writeString(ts, fig1.replace("\"paper-fig1\"", "\"<script>alert(1)</script>&amp;\""));
        Path a = dir.resolve("a.html");
        Path b = dir.resolve("b.html");
        assertThat(CliRunner.run("analyze", ts.toString(), "--html", a.toString()).code()).isZero();
        assertThat(CliRunner.run("analyze", ts.toString(), "--html", b.toString()).code()).isZero();
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        Document d = page(a);
        assertThat(d.select("h2").text()).isEqualTo(ts + " (<script>alert(1)</script>&amp;)");
        assertThat(d.select("b, i")).isEmpty();
    }

    @Test
    void refusesToOverwriteAnInput() {
        CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--html", "examples/paper-fig1.json");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
    }

    /** The page as a browser renders it: headless Chromium, where one is installed (skipped otherwise). */
    @Test
    void aHeadlessBrowserRendersTheChart() throws Exception {
        String browser = null;
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String p : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (browser == null && Files.isExecutable(Path.of(p, name))) {
                    browser = Path.of(p, name).toString();
                }
            }
        }
        Assumptions.assumeTrue(browser != null, "no headless browser (chromium) on the PATH: browser smoke test skipped");
        Path html = dir.resolve("report.html");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--html", html.toString()).code()).isZero();
        Process p = new ProcessBuilder(browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                html.toUri().toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String dom = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Document d = Jsoup.parse(dom);
        assertThat(d.selectFirst("div.gantt svg")).isNotNull();
        assertThat(d.select("table.margins tbody tr")).hasSize(3);
    }
}
