package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** --html: one self-contained page with the verdict, margins, the inline Gantt chart, compare's table, the task set. */
class HtmlReportTest {
    @TempDir
    Path dir;

    private Document page(Path html) throws IOException {
        String text = Files.readString(html);
        assertThat(text).startsWith("<!doctype html>");
        Document d = Jsoup.parse(text);
        // Self-contained: nothing to fetch; the one script is the chart's own zoom, inline.
        assertThat(d.select("link, iframe, img[src], object, embed")).isEmpty();
        assertThat(d.select("script")).allMatch(s -> s.parent().hasClass("gantt-chart") && !s.hasAttr("src"));
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
        // Every job of the table (11 in the hyperperiod) a group with its tooltip, release and deadline marks.
        assertThat(svg.select("g.job")).hasSize(11);
        assertThat(svg.selectFirst("g.job[data-task=tau1][data-job=0] > title").text()).isEqualTo(
                "tau1 job 0: release 0, start 0, end 4, deadline 4, slack 0, frame 0; the least slack of this run");
        assertThat(svg.select("g.job path.release.head")).hasSize(11);
        assertThat(svg.select("g.job path.deadline.head")).hasSize(11);
        assertThat(svg.select("g.least-slack")).hasSize(1);
        assertThat(svg.select("g.miss")).isEmpty();
        assertThat(svg.select("rect.band")).hasSize(8);
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
        // The same as bars against each task's deadline: edf-parallel's tau1 and tau2 past it, in red.
        Element bars = d.selectFirst("div.responses > svg");
        assertThat(bars.select("rect.bar")).hasSize(6);
        assertThat(bars.select("rect.miss > title").eachText()).containsExactly(
                "edf-parallel: tau1 response 8, deadline 4, slack -4 (misses its deadline)",
                "edf-parallel: tau2 response 6, deadline 5, slack -1 (misses its deadline)");
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

    /** The --gantt SVG file is XML: well-formed, and SVG's case-sensitive names (viewBox) as SVG spells them. */
    @Test
    void theSvgFileIsWellFormedAndKeepsSvgNames() throws Exception {
        Path svg = dir.resolve("g.svg");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--gantt", svg.toString()).code()).isZero();
        String text = Files.readString(svg);
        assertThat(text).startsWith("<?xml").contains(" viewBox=\"0 0 1200 ").contains("preserveAspectRatio=\"none\"")
                .doesNotContain("viewbox");
        org.w3c.dom.Document xml = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(svg.toFile());
        assertThat(xml.getElementsByTagName("g").getLength()).isGreaterThan(11);
    }
}
