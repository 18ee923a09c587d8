package org.gpusched.table;

import org.gpusched.cli.Main;
import org.gpusched.input.InvalidInputCatalogueTest;
import org.gpusched.input.InvalidInputCatalogueTest.Expectation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every way a scheduling table can be refused, one file each (src/test/resources/invalid-tables),
 * run through the real CLI: play and verify refuse it with exit 2 and one line naming the file,
 * the position and the JSON path; never a stack trace, a Java class name or exit 70.
 */
class InvalidTableCatalogueTest {
    static final Path DIR = Path.of("src/test/resources/invalid-tables");
    static final String TASK_SET = "examples/paper-fig1.json";

    static Stream<Expectation> cases() throws IOException {
        return InvalidInputCatalogueTest.expectations(DIR).values().stream();
    }

    @Test
    void everyCatalogueFileHasAnExpectation() throws IOException {
        List<String> files = InvalidInputCatalogueTest.catalogue(DIR);
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        assertThat(InvalidInputCatalogueTest.expectations(DIR).keySet()).containsExactlyInAnyOrderElementsOf(files);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void playAndVerifyRefuseWithOneClearLine(Expectation e) {
        String file = DIR.resolve(e.file()).toString();
        for (String[] args : List.of(new String[] {"play", file, "--taskset", TASK_SET, "--device", "sim"},
                new String[] {"verify", file, "--taskset", TASK_SET, "--runs", "1"})) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
            InvalidInputCatalogueTest.assertOneClearLine(e, file, code, out.toString(), err.toString());
            assertThat(err.toString()).as(args[0]).doesNotContain("Cannot construct").doesNotContain("org.gpusched");
        }
    }
}
