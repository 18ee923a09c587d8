package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The --html pages of sensitivity, play, loop and verify: written through the run's outputs, valid HTML5
 * (no parse error), self-contained, with the numbers the text report gives; no page when the command is
 * refused.
 */
class HtmlPagesTest {
    @TempDir
    Path dir;

    static Document page(Path html) throws IOException {
        String text = Files.readString(html);
        assertThat(text).startsWith("<!doctype html>");
        Parser p = Parser.htmlParser().setTrackErrors(100);
        Document d = Jsoup.parse(text, "", p);
        assertThat(p.getErrors()).as("parse errors of " + html.getFileName()).isEmpty();
        assertThat(d.select("script, link, iframe, img, object, embed, [src], [href]")).isEmpty();
        return d;
    }

    private static List<String> column(Element table, int col) {
        return table.select("tbody tr").stream().map(tr -> tr.child(col).text()).toList();
    }

    /** The per-task rows of sensitivity's text report: task, wcet, max wcet, growth. */
    private static List<String[]> textRows(String out) {
        List<String> lines = out.lines().toList();
        assertThat(lines).as(out).anyMatch(l -> l.strip().startsWith("task "));
        int head = 0;
        while (!lines.get(head).strip().startsWith("task ")) {
            head++;
        }
        return lines.subList(head + 1, lines.size()).stream().map(l -> Arrays.copyOf(l.strip().split("\\s+", 4), 4))
                .map(x -> new String[] {x[0], x[1], x[2], x[3] == null ? "" : x[3].strip()}).toList();
    }

    private static double ratio(String max, String wcet) {
        return max.equals("none") ? 0 : Double.parseDouble(max) / Double.parseDouble(wcet);
    }

    @Test
    void sensitivityPageShowsEachTasksMarginAndTheCriticalOne() throws IOException {
        Path html = dir.resolve("sens.html");
        CliRunner text = CliRunner.run("sensitivity", "examples/jetson-orin-perception.json");
        CliRunner r = CliRunner.run("sensitivity", "examples/jetson-orin-perception.json", "--html", html.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(text.code()).isZero();
        assertThat(r.out()).isEqualTo(text.out());
        Document d = page(html);
        assertThat(d.selectFirst("p.verdict").text()).isEqualTo(text.out().lines().findFirst().orElseThrow()
                .replace("examples/jetson-orin-perception.json: ", ""));
        List<String[]> rows = textRows(text.out());
        Element t = d.selectFirst("table.margins-per-task");
        assertThat(column(t, 0)).containsExactlyElementsOf(rows.stream().map(x -> x[0]).toList());
        assertThat(column(t, 1)).containsExactlyElementsOf(rows.stream().map(x -> x[1]).toList());
        assertThat(column(t, 2)).containsExactlyElementsOf(rows.stream().map(x -> x[2]).toList());
        assertThat(column(t, 4)).containsExactlyElementsOf(rows.stream().map(x -> x[3]).toList());
        // The highlighted task is the one with the smallest max/wcet, in the table and in the bars.
        double least = rows.stream().mapToDouble(x -> ratio(x[2], x[1])).min().orElseThrow();
        Element crit = d.selectFirst("table.margins-per-task tr.critical");
        assertThat(ratio(crit.child(2).text(), crit.child(1).text())).isEqualTo(least);
        assertThat(d.select("table.margins-per-task tr.critical")).hasSize(1);
        Element bars = d.selectFirst("div.bars > svg.margin-bars");
        assertThat(bars.select("rect.bar")).hasSize(rows.size());
        assertThat(bars.select("rect.flagged")).hasSize(1);
        assertThat(bars.selectFirst("rect.flagged > title").text()).startsWith(crit.child(0).text() + ": wcet")
                .endsWith("the least room of the set");
        // The all-tasks factor, as in the text report's second line.
        String factor = Arrays.stream(text.out().lines().toList().get(1).strip().split("\\s+")).toList().get(3);
        assertThat(column(d.selectFirst("table.facts"), 1)).containsExactly(factor);
        // Same input, same bytes.
        Path again = dir.resolve("again.html");
        CliRunner.run("sensitivity", "examples/jetson-orin-perception.json", "--html", again.toString());
        assertThat(Files.readString(again)).isEqualTo(Files.readString(html));
    }

    @Test
    void sensitivityPageSaysWhenThereIsNoPerTaskMargin() throws IOException {
        Path html = dir.resolve("fig1.html");
        CliRunner r = CliRunner.run("sensitivity", "examples/paper-fig1.json", "--html", html.toString());
        assertThat(r.code()).isZero();
        Document d = page(html);
        // The text report: all WCETs x 1.0000 (largest wcet 3 -> 3), factor 1.3333 not schedulable.
        assertThat(d.select("table.facts tbody td").eachText()).containsExactly("all tasks", "1.0000", "3", "3",
                "1.3333", "not schedulable", d.select("table.facts tbody td").last().text());
        assertThat(d.select("svg")).isEmpty();
        assertThat(d.select("section > p").last().text()).contains("not computed");
    }

    @Test
    void sensitivityWritesNoPageWhenRefusedAndNeverOverAnInput() throws IOException {
        Path html = dir.resolve("none.html");
        CliRunner missing = CliRunner.run("sensitivity", dir.resolve("missing.json").toString(), "--html",
                html.toString());
        assertThat(missing.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(html).doesNotExist();
        Path input = dir.resolve("fig1.json");
        Files.copy(Path.of("examples/paper-fig1.json"), input);
        String before = Files.readString(input);
        CliRunner over = CliRunner.run("sensitivity", input.toString(), "--html", input.toString());
        assertThat(over.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(Files.readString(input)).isEqualTo(before);
        Path mine = dir.resolve("mine.html");
        Files.writeString(mine, "not gpusched's");
        assertThat(CliRunner.run("sensitivity", "examples/paper-fig1.json", "--html", mine.toString()).code())
                .isEqualTo(ExitCodes.INVALID);
        assertThat(Files.readString(mine)).isEqualTo("not gpusched's");
    }
}
