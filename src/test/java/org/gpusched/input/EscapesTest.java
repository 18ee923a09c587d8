package org.gpusched.input;

import org.gpusched.model.Escapes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EscapesTest {
    @Test
    void textKeepsOneLineAndNoTerminalControl() {
        assertThat(Escapes.text("a\nx.json: schedulable")).isEqualTo("a\\nx.json: schedulable");
        assertThat(Escapes.text("\u001b[31mred\r\t")).isEqualTo("\\u001b[31mred\\r\\t");
        assertThat(Escapes.text("bidi\u202eevil\u2028")).isEqualTo("bidi\\u202eevil\\u2028");
        assertThat(Escapes.text("Grüße, 検出器 ok")).isEqualTo("Grüße, 検出器 ok");
        assertThat(Escapes.text(null)).isNull();
    }

    @Test
    void csvCellsNeverStartAFormula() {
        for (String f : List.of("=1+1", "+cmd", "-2+3", "@SUM(A1)")) {
            assertThat(Escapes.csv(f)).isEqualTo("'" + f);
        }
        assertThat(Escapes.csv("-12")).isEqualTo("-12");
        assertThat(Escapes.csv("-0.25")).isEqualTo("-0.25");
        assertThat(Escapes.csv("tau1")).isEqualTo("tau1");
        assertThat(Escapes.csv("a\nb")).isEqualTo("a\\nb");
    }

    @Test
    void shellWordsSurviveAShell() throws IOException, InterruptedException {
        for (String name : List.of("plain.json", "my table.json", "it's.json", "$(touch x).json", "-starts.json",
                "semi;colon", "back`tick`", "-")) {
            String word = Escapes.shell(name);
            Process p = new ProcessBuilder("sh", "-c", "printf '%s' " + word).start();
            String back = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor();
            String expected = name.startsWith("-") && !name.equals("-") ? "./" + name : name;
            assertThat(back).as(word).isEqualTo(expected);
        }
        assertThat(Escapes.shell("plain.json")).isEqualTo("plain.json");
        assertThat(Escapes.shell("a\nb")).doesNotContain("\n");
    }
}
