package org.gpusched.input;

import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped examples are documentation: they must stay valid and keep the verdicts the docs quote. */
class ExamplesTest {

    static List<String> examples() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            return s.map(Path::toString).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    private static int run(StringWriter out, StringWriter err, String... args) {
        return Main.run(new PrintWriter(out), new PrintWriter(err), args);
    }

    @Test
    void thereAreExamples() throws IOException {
        assertThat(examples()).contains("examples/jetson-orin-perception.json", "examples/rtx4090-inference.json");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleValidates(String file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(run(out, err, "validate", file)).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith(file + ": ok");
        assertThat(err.toString()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"examples/jetson-orin-perception.json", "examples/rtx4090-inference.json"})
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void realisticExamplesAreSchedulableWhereEdfSerialIsNot(String file) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(run(out, err, "analyze", "--no-timing", file)).as(err.toString()).isZero();
        assertThat(out.toString()).contains(": schedulable");

        StringWriter serial = new StringWriter();
        assertThat(run(serial, new StringWriter(), "analyze", "--method", "edf-serial", file)).isEqualTo(1);
    }
}
