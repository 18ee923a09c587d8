package org.gpusched.table;

import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b(java|javax|com|org)\\.[a-z]+\\.|\\$|Cannot construct|JsonToken|Feature\\b|Coercion");

    record Expectation(String file, int line, List<String> keywords) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Map<String, Expectation> expectations() throws IOException {
        Map<String, Expectation> m = new LinkedHashMap<>();
        for (String row : Files.readAllLines(DIR.resolve("expectations.csv"), StandardCharsets.UTF_8)) {
            if (row.isBlank() || row.startsWith("#") || row.startsWith("file,")) {
                continue;
            }
            String[] f = row.split(",", 3);
            m.put(f[0], new Expectation(f[0], "-".equals(f[1]) ? -1 : Integer.parseInt(f[1]), List.of(f[2].split("\\|"))));
        }
        return m;
    }

    static Stream<Expectation> cases() throws IOException {
        return expectations().values().stream();
    }

    @Test
    void everyCatalogueFileHasAnExpectation() throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.list(DIR)) {
            files = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        assertThat(expectations().keySet()).containsExactlyInAnyOrderElementsOf(files);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void playAndVerifyRefuseWithOneClearLine(Expectation e) {
        String file = DIR.resolve(e.file()).toString();
        for (String[] args : List.of(new String[] {"play", file, "--taskset", TASK_SET, "--device", "sim"},
                new String[] {"verify", file, "--taskset", TASK_SET, "--runs", "1"})) {
            String command = args[0];
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
            assertThat(code).as(command + " exit code; stderr " + err).isEqualTo(2);
            List<String> lines = err.toString().lines().toList();
            assertThat(lines).as(command + " stderr").hasSize(1);
            String msg = lines.get(0);
            assertThat(msg).startsWith(file + ":");
            for (String k : e.keywords()) {
                assertThat(msg).as("keyword %s", k).contains(k);
            }
            Matcher pos = Pattern.compile("^" + Pattern.quote(file) + ":(\\d+):(\\d+): ").matcher(msg);
            if (e.line() > 0) {
                assertThat(pos.find()).as("FILE:LINE:COL: in %s", msg).isTrue();
                assertThat(Integer.parseInt(pos.group(1))).as("line").isEqualTo(e.line());
            } else {
                assertThat(pos.find()).as("no position expected in %s", msg).isFalse();
            }
            assertThat(CLASS_NAME.matcher(msg).find()).as("Java or Jackson names in %s", msg).isFalse();
            assertThat(out.toString()).as("stdout").isEmpty();
        }
    }
}
