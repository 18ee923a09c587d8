package org.gpusched.cli;

import org.gpusched.RandomTaskSets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze --threads N}: every byte of the report (text and JSON, statistics included,
 * timing left out) and of the table file is the one of a single thread, and so is the exit code.
 */
class ThreadsCliTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(300) // a lost hand-over between threads would otherwise hang the suite
    void reports_and_tables_are_the_same_bytes_on_every_thread_count() throws IOException {
        List<String> files = new ArrayList<>();
        for (long seed = 1; files.size() < 8; seed++) {
            if (RandomTaskSets.generate(seed, 4, 6).jobCount() > 40) {
                continue;
            }
            Path f = dir.resolve("set" + seed + ".json");
            Files.writeString(f, RandomTaskSets.json(seed, 4, 6));
            files.add(f.toString());
        }
        files.add("examples/paper-fig1.json");
        int[] codes = new int[4];
        for (String f : files) {
            for (String search : List.of("auto", "bfs")) {
                for (String format : List.of("text", "json")) {
                    String[] one = run(f, search, format, 1);
                    codes[Integer.parseInt(one[0])]++;
                    for (int threads = 2; threads <= 4; threads++) {
                        assertThat(run(f, search, format, threads)).as("%s --search %s --format %s --threads %d",
                                f, search, format, threads).containsExactly(one);
                    }
                }
            }
        }
        assertThat(codes[0]).as("schedulable runs").isPositive();
        assertThat(codes[1]).as("not schedulable runs").isPositive();
    }

    private String[] run(String file, String search, String format, int threads) throws IOException {
        Path table = dir.resolve("table-" + threads + ".csv");
        Files.deleteIfExists(table);
        CliRunner r = CliRunner.run("analyze", file, "--no-greedy", "--search", search, "--format", format,
                "--stats", "--no-timing", "--threads", String.valueOf(threads), "--table", table.toString());
        String tableText = Files.exists(table) ? Files.readString(table) : "";
        return new String[] {String.valueOf(r.code()), r.out(), r.err(), tableText};
    }
}
