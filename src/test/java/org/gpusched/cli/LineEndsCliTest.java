package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON files gpusched writes are the same bytes on every platform: run in a JVM whose line separator is
 * Windows' "\r\n", every file written ends its lines with "\n" alone.
 */
class LineEndsCliTest {

    @Test
    void json_files_have_no_carriage_return_when_the_platform_separator_is_crlf(@TempDir Path dir) throws Exception {
        String ex = Path.of("examples").toAbsolutePath().toString();
        run(dir, "analyze", ex + "/paper-fig1.json", "--table", "table.json", "-q");
        run(dir, "analyze", ex + "/sm-partitioning-68.json", "--method", "sm-partition-sms-ina", "--plan", "plan.json",
                "-q");
        run(dir, "optimize", "--plan", ex + "/drone-plan.json", "-o", "planned.json", "--trace", "trace.json");
        run(dir, "loop", "--plan", ex + "/drone-plan.json", "--device", "sim", "--sim-timing",
                ex + "/drone-plan-truth.json", "--margin", "1.1", "--out", "final.json", "-q");
        Files.writeString(dir.resolve("sarif.json"), run(dir, "analyze", ex + "/paper-fig1.json", "--format", "sarif"));

        List<String> written;
        try (Stream<Path> files = Files.list(dir)) {
            written = files.map(f -> f.getFileName().toString()).filter(n -> !n.endsWith(".gpusched-lock")).sorted()
                    .toList();
        }
        assertThat(written).containsExactly(".gpusched-outputs", "final.json", "final.rounds.json", "plan.json",
                "planned.json", "sarif.json", "table.json", "trace.json");
        for (String name : written) {
            String text = Files.readString(dir.resolve(name));
            assertThat(text).as(name).contains("\n").doesNotContain("\r");
        }
    }

    /** gpusched in a JVM of its own in {@code dir}, with Windows' line separator; its stdout. */
    private static String run(Path dir, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dline.separator=\r\n", "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "org.gpusched.cli.Main"));
        line.addAll(List.of(args));
        Process p = new ProcessBuilder(line).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", args)).isZero();
        return out;
    }
}
