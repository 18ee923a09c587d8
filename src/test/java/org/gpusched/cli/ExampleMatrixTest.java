package org.gpusched.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every file of {@code examples/} through every command and output that accepts it: analyze in
 * each format and with each output file, compare, validate, verify and play on the simulated device
 * of its table, profile (and analyze of what it measured) and loop on the simulated device, sensitivity, export to each format, diff of two reports and of the file with itself.
 * The list is read from the folder, so an example is covered the day it is added. A run may end with
 * any documented verdict or refusal (0 to 3); exit 70, an internal error, fails with the command line.
 */
class ExampleMatrixTest {
    private static final Set<Integer> DOCUMENTED = Set.of(0, 1, 2, 3);

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyExampleThroughEveryCommand() throws IOException {
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(examples).hasSizeGreaterThan(10);
        return examples.stream().map(e -> DynamicTest.dynamicTest(e.getFileName().toString(), () -> matrix(e)));
    }

    private static void matrix(Path example) throws IOException {
        String name = example.getFileName().toString().replace(".json", "");
        Path out = Files.createDirectories(dir.resolve(name));
        String f = example.toString();
        List<String> problems = new ArrayList<>();
        String limit = "--time-limit=20s";
        for (String format : List.of("text", "json", "csv", "junit", "sarif")) {
            run(problems, "analyze", f, limit, "--no-timing", "--format", format);
            run(problems, "compare", f, "--format", format);
            run(problems, "validate", f, "--format", format);
        }
        Path table = out.resolve("table.json");
        CliRunner analyzed = run(problems, "analyze", f, limit, "--no-timing", "--table", table.toString(),
                "--gantt", out.resolve("timeline.svg").toString(), "--html", out.resolve("review.html").toString());
        run(problems, "analyze", f, limit, "--no-timing", "--table", out.resolve("table.csv").toString(),
                "--table-format", "csv", "--gantt", out.resolve("timeline.png").toString());
        run(problems, "analyze", f, limit, "--no-timing", "--graph", out.resolve("graph.dot").toString());
        if (analyzed != null && analyzed.code() == 0) {
            assertThat(table).as("%s: schedulable and a table asked for", f).exists();
            for (String format : List.of("text", "json", "junit")) {
                run(problems, "verify", table.toString(), "--taskset", f, "--runs", "5", "--format", format);
            }
            run(problems, "play", table.toString(), "--taskset", f, "--device", "sim");
            run(problems, "play", table.toString(), "--taskset", f, "--device", "sim", "--format", "json",
                    "--gantt", out.resolve("played.svg").toString());
        }
        // profile then analyze of the measured workload, and loop, on the simulated device: a format-2
        // workload outside the PBS view (CPU work, ...) is refused, exit 2.
        Path measured = out.resolve("measured.json");
        CliRunner profiled = run(problems, "profile", f, "--device", "sim", "--max-set-size", "2", "--runs", "2",
                "--warmup", "0", "--out", measured.toString());
        if (profiled != null && profiled.code() == 0) {
            run(problems, "analyze", measured.toString(), "--time-limit=5s", "--quiet");
        }
        run(problems, "loop", f, "--device", "sim", "--max-set-size", "2", "--runs", "2", "--warmup", "0",
                "--rounds", "2", "--time-limit=5s", "--out", out.resolve("looped.json").toString());
        run(problems, "sensitivity", f, limit, "--format", "json");
        for (String to : List.of("mast", "mast2", "sag")) {
            run(problems, "export", "--to", to, f, "-o", out.resolve("export." + to).toString());
        }
        CliRunner report = run(problems, "analyze", f, limit, "--no-timing", "--format", "json");
        if (report != null && report.out().startsWith("{")) {
            Path a = Files.writeString(out.resolve("report.json"), report.out());
            Path b = Files.writeString(out.resolve("report-again.json"), report.out());
            run(problems, "diff", a.toString(), b.toString());
            run(problems, "diff", a.toString(), b.toString(), "--format", "json");
        }
        run(problems, "diff", f, f);
        assertThat(problems).as("commands on %s that ended in an internal error", f).isEmpty();
    }

    private static CliRunner run(List<String> problems, String... args) {
        CliRunner r = CliRunner.run(args);
        if (!DOCUMENTED.contains(r.code())) {
            problems.add("gpusched " + String.join(" ", args) + " -> exit " + r.code() + ": " + r.err().strip());
            return null;
        }
        return r;
    }
}
