package org.gpusched.model;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter.Indenter;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every JSON file gpusched writes is printed by {@link Canonical#PRETTY}, whose line ends are "\n" whatever
 * the platform's separator: Jackson's own default printer ends lines with it ("\r\n" on Windows), so the
 * same input would give other bytes there.
 */
class SharedPrettyPrinterTest {
    private static final Path MAIN = Path.of("src/main/java/org/gpusched");

    /** Reads the indenters a printer was configured with (they are protected in Jackson). */
    private static final class Probe extends DefaultPrettyPrinter {
        Probe(DefaultPrettyPrinter base) {
            super(base);
        }

        Indenter objects() {
            return _objectIndenter;
        }

        Indenter arrays() {
            return _arrayIndenter;
        }
    }

    @Test
    void the_shared_printer_ends_object_lines_with_a_line_feed_not_the_platforms_separator() {
        Probe p = new Probe(Canonical.PRETTY);
        assertThat(p.objects()).isInstanceOf(DefaultIndenter.class);
        assertThat(((DefaultIndenter) p.objects()).getEol()).isEqualTo("\n");
        // Not Jackson's default indenter, whose line end is the platform's: "\n" on Linux, "\r\n" on Windows.
        assertThat(p.objects()).isNotSameAs(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        // Arrays stay on one line, as Jackson prints them (the goldens' layout): no separator to choose.
        assertThat(p.arrays().isInline()).isTrue();
    }

    @Test
    void no_main_code_pretty_prints_json_with_another_printer() throws IOException {
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                boolean own = text.contains("writerWithDefaultPrettyPrinter")
                        || text.contains("new DefaultPrettyPrinter(") && !f.endsWith("model/Canonical.java")
                        || text.contains("INDENT_OUTPUT") && !text.contains("Canonical.PRETTY");
                if (own) {
                    offenders.add(f.toString());
                }
            }
        }
        assertThat(offenders).as("JSON pretty-printed without Canonical.PRETTY").isEmpty();
    }
}
