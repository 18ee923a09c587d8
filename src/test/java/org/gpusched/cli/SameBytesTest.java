package org.gpusched.cli;

import org.gpusched.RandomTaskSets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What docs/safety-manual.md promises as deterministic: the same file and options, analysed twice
 * with {@code --no-timing}, give the same exit code and the same bytes on stdout in every
 * {@code --format} and in the {@code --table} file, for {@code --engine graph} and for
 * {@code --engine auto} on one or two threads (where auto is the graph search), statistics
 * included. JUnit XML's {@code timestamp} is the one exception (the run's start, unless
 * SOURCE_DATE_EPOCH is set), so it is compared with that attribute taken out. The portfolio and
 * the solver on several threads are not promised this and are not run here.
 */
class SameBytesTest {
    private static final List<String> FORMATS = List.of("text", "json", "csv", "junit", "sarif");

    @TempDir
    Path dir;

    @Test
    void the_same_file_and_options_write_the_same_bytes() throws IOException {
        List<String> files = new ArrayList<>(List.of("examples/paper-fig1.json", "examples/contending-kinds.json",
                "examples/power-on.json"));
        for (long seed = 1; files.size() < 7; seed++) {
            if (RandomTaskSets.generate(seed, 3, 5).jobCount() <= 40) {
                Path f = dir.resolve("set" + seed + ".json");
                Files.writeString(f, RandomTaskSets.json(seed, 3, 5));
                files.add(f.toString());
            }
        }
        int[] codes = new int[4];
        List<String> differ = new ArrayList<>();
        for (String f : files) {
            for (List<String> options : List.of(List.of("--engine", "graph"), List.of("--engine", "graph",
                    "--threads", "2"), List.of("--engine", "auto", "--threads", "1"), List.of("--engine", "auto",
                    "--threads", "2"))) {
                for (String format : FORMATS) {
                    List<String> first = run(f, options, format);
                    codes[Integer.parseInt(first.get(0))]++;
                    if (!first.equals(run(f, options, format))) {
                        differ.add(f + " " + options + " --format " + format);
                    }
                }
            }
        }
        assertThat(differ).as("runs whose second run wrote other bytes").isEmpty();
        assertThat(codes[0]).as("schedulable runs").isPositive();
        assertThat(codes[1]).as("not schedulable runs").isPositive();
    }

    /** Exit code, stdout (JUnit's timestamp taken out), stderr and the table file of one run. */
    private List<String> run(String file, List<String> options, String format) throws IOException {
        Path table = dir.resolve("table.json");
        Files.deleteIfExists(table);
        List<String> args = new ArrayList<>(List.of("analyze", file, "--no-timing", "--stats", "--format", format,
                "--table", table.toString()));
        args.addAll(options);
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        String out = format.equals("junit") ? r.out().replaceAll(" timestamp=\"[^\"]*\"", "") : r.out();
        return List.of(String.valueOf(r.code()), out, r.err(), Files.exists(table) ? Files.readString(table) : "");
    }
}
