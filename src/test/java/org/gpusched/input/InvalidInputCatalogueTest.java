package org.gpusched.input;

import org.gpusched.model.InputException;
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
 * Every rejection of the input format, one file each, run through the real CLI: the user must get
 * exit code 2 and one line naming the file, the position and the JSON path, never a stack trace.
 */
public class InvalidInputCatalogueTest {
    static final Path DIR = Path.of("src/test/resources/invalid");
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b(java|javax|com|org)\\.[a-z]+\\.|\\$|Dto\\b|JsonToken|Feature\\b|Coercion");

    /** One catalogue row; also read by the catalogue of invalid tables (InvalidTableCatalogueTest). */
    public record Expectation(String file, int line, List<String> keywords) {
        @Override
        public String toString() {
            return file;
        }
    }

    static Map<String, Expectation> expectations() throws IOException {
        return expectations(DIR);
    }

    /** The rows of {@code dir}/expectations.csv: file, line (or "-"), keywords separated by |. */
    public static Map<String, Expectation> expectations(Path dir) throws IOException {
        Map<String, Expectation> m = new LinkedHashMap<>();
        for (String row : Files.readAllLines(dir.resolve("expectations.csv"), StandardCharsets.UTF_8)) {
            if (row.isBlank() || row.startsWith("#") || row.startsWith("file,")) {
                continue;
            }
            String[] f = row.split(",", 3);
            int line = "-".equals(f[1]) ? -1 : Integer.parseInt(f[1]);
            m.put(f[0], new Expectation(f[0], line, List.of(f[2].split("\\|"))));
        }
        return m;
    }

    static Stream<Expectation> cases() throws IOException {
        return expectations().values().stream();
    }

    static List<String> catalogue() throws IOException {
        return catalogue(DIR);
    }

    /** The .json files of a catalogue folder, sorted. */
    public static List<String> catalogue(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void catalogueIsLargeAndEveryFileHasAnExpectation() throws IOException {
        List<String> files = catalogue();
        assertThat(files).hasSizeGreaterThanOrEqualTo(30);
        assertThat(expectations().keySet()).containsExactlyInAnyOrderElementsOf(files);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void validateRejectsWithOneClearLine(Expectation e) {
        String file = DIR.resolve(e.file()).toString();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "validate", file);
        assertOneClearLine(e, file, code, out.toString(), err.toString());
    }

    /**
     * Exit 2, nothing on stdout, and one line on stderr that starts with FILE:LINE:COL: (the
     * expected line), holds every keyword and names no Java or Jackson class.
     */
    public static void assertOneClearLine(Expectation e, String file, int code, String out, String err) {
        assertThat(code).as("exit code; stderr %s", err).isEqualTo(2);
        List<String> lines = err.lines().toList();
        assertThat(lines).as("stderr").hasSize(1);
        String msg = lines.get(0);
        assertThat(msg).startsWith(file + ":");
        for (String k : e.keywords()) {
            assertThat(msg).as("keyword %s", k).contains(k);
        }
        Matcher pos = Pattern.compile("^" + Pattern.quote(file) + ":(\\d+):(\\d+): ").matcher(msg);
        if (e.line() > 0) {
            assertThat(pos.find()).as("FILE:LINE:COL: in %s", msg).isTrue();
            assertThat(Integer.parseInt(pos.group(1))).as("line").isEqualTo(e.line());
            assertThat(Integer.parseInt(pos.group(2))).as("column").isPositive();
        } else {
            assertThat(pos.find()).as("no position expected in %s", msg).isFalse();
        }
        assertThat(msg).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(CLASS_NAME.matcher(msg).find()).as("Java or Jackson names in %s", msg).isFalse();
        assertThat(out).as("stdout").isEmpty();
    }

    @Test
    void everyFileIsAlsoRejectedByTheReaderWithThePathFirst() throws IOException {
        // The path must come right after the position, so editors and scripts can split on ": ".
        for (Expectation e : expectations().values()) {
            String file = DIR.resolve(e.file()).toString();
            try {
                new TaskSetReader().read(Path.of(file));
                throw new AssertionError(e.file() + " was accepted");
            } catch (InputException x) {
                assertThat(x.file()).isEqualTo(file);
                if (!x.path().isEmpty()) {
                    assertThat(x.getMessage()).contains(": " + x.path() + ": ");
                }
            }
        }
    }
}
