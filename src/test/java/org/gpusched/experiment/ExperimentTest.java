package org.gpusched.experiment;

import org.gpusched.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ExperimentTest {
    private static final String[] SMALL_SWEEP = {"--utilizations", "0.6,1.0,1.4", "--sets", "4"};

    static int run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        if (code != 0) {
            System.err.println(err);
        }
        return code;
    }

    static String[] with(String[] base, String... more) {
        List<String> l = new ArrayList<>(List.of(base));
        l.addAll(List.of(more));
        return l.toArray(String[]::new);
    }

    static String read(Path p) throws Exception {
        return Files.readString(p);
    }

    /** The raw rows without the timing column, which differs run to run. */
    static List<String> withoutTiming(Path raw) throws Exception {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(raw)) {
            String[] c = line.split(",", -1);
            out.add(c.length > 8 && !line.startsWith("#") ? String.join(",", List.of(c).subList(0, 8)) + ","
                    + String.join(",", List.of(c).subList(9, c.length)) : line);
        }
        return out;
    }

    @Test
    void sameSeedGivesByteIdenticalSchedulabilityCsvWhateverTheThreads(@TempDir Path dir) throws Exception {
        String[] base = with(new String[] {"experiment", "schedulability"}, SMALL_SWEEP);
        assertThat(run(with(base, "--out", dir.resolve("a").toString()))).isZero();
        assertThat(run(with(base, "--out", dir.resolve("b").toString(), "--threads", "2"))).isZero();
        String a = read(dir.resolve("a/schedulability.csv"));
        assertThat(a).startsWith(SchedulabilityExperiment.HEADER + "\n");
        assertThat(a.lines()).hasSize(1 + 3 * 3);
        assertThat(read(dir.resolve("b/schedulability.csv"))).isEqualTo(a);
        assertThat(withoutTiming(dir.resolve("b/schedulability-sets.csv")))
                .isEqualTo(withoutTiming(dir.resolve("a/schedulability-sets.csv")));
        for (String s : new String[] {"small", "large", "mixed"}) {
            assertThat(dir.resolve("a/schedulability-" + s + ".png")).isNotEmptyFile();
            assertThat(read(dir.resolve("a/schedulability-" + s + ".svg"))).contains("<svg");
        }
    }

    @Test
    void shardsMergeIntoExactlyTheUnshardedRun(@TempDir Path dir) throws Exception {
        String[] base = with(new String[] {"experiment", "schedulability"}, SMALL_SWEEP);
        assertThat(run(with(base, "--out", dir.resolve("whole").toString()))).isZero();
        List<String> shards = new ArrayList<>(List.of("experiment", "merge"));
        for (int k = 1; k <= 3; k++) {
            assertThat(run(with(base, "--out", dir.resolve("shards").toString(), "--shard", k + "/3"))).isZero();
            shards.add(dir.resolve("shards/schedulability-shard-" + k + "-of-3.csv").toString());
        }
        assertThat(dir.resolve("shards/schedulability.csv")).doesNotExist();
        // Any order of the shard files.
        java.util.Collections.swap(shards, 2, 4);
        shards.add("--out");
        shards.add(dir.resolve("merged").toString());
        assertThat(run(shards.toArray(String[]::new))).isZero();
        assertThat(Files.readAllBytes(dir.resolve("merged/schedulability.csv")))
                .isEqualTo(Files.readAllBytes(dir.resolve("whole/schedulability.csv")));
        assertThat(withoutTiming(dir.resolve("merged/schedulability-sets.csv")))
                .isEqualTo(withoutTiming(dir.resolve("whole/schedulability-sets.csv")));
        assertThat(dir.resolve("merged/schedulability-large.png")).isNotEmptyFile();

        // A missing shard is refused.
        assertThat(run("experiment", "merge", shards.get(2), shards.get(3), "--out", dir.resolve("bad").toString()))
                .isEqualTo(2);
    }

    @Test
    void gpuSchedSchedulesEverySetABaselineSchedules(@TempDir Path dir) throws Exception {
        assertThat(run("experiment", "schedulability", "--sets", "8", "--out", dir.toString())).isZero();
        List<String> lines = Files.readAllLines(dir.resolve("schedulability-sets.csv"));
        // No comment line, so the CSV parses as plain CSV: the parameters are in the sidecar.
        assertThat(lines).hasSize(1 + 3 * 10 * 8).noneMatch(l -> l.startsWith("#"));
        assertThat(read(dir.resolve("schedulability-sets.meta.json")))
                .contains("\"format\" : \"gpusched-experiment\"", "\"kind\" : \"schedulability\"", "\"shard\" : \"1/1\"");
        int parallelOnly = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",");
            if (c[6].equals("yes") || c[7].equals("yes")) {
                assertThat(c[5]).as(line).isEqualTo("yes");
            }
            parallelOnly += c[5].equals("yes") && c[7].equals("no") ? 1 : 0;
        }
        assertThat(parallelOnly).isPositive();
    }

    @Test
    void theWholeRunLimitStopsTheSweepWithExit3AndWritesNothing(@TempDir Path dir) throws Exception {
        StringWriter err = new StringWriter();
        Path out = dir.resolve("run");
        long start = System.nanoTime();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "experiment", "schedulability",
                "--sets", "200", "--tasks", "8", "--time-limit", "1ms", "--each-time-limit", "2s", "--out",
                out.toString());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(code).as(err.toString()).isEqualTo(3);
        assertThat(err.toString()).contains("--time-limit reached after").contains("nothing written");
        // At most the units already running finish, each under --each-time-limit.
        assertThat(millis).isLessThan(2_000 + 10_000);
        try (var files = Files.list(dir)) {
            List<Path> written = new ArrayList<>();
            for (Path p : files.toList()) {
                if (Files.isDirectory(p)) {
                    try (var inner = Files.list(p)) {
                        inner.filter(f -> f.toString().endsWith(".csv")).forEach(written::add);
                    }
                }
            }
            assertThat(written).isEmpty();
        }
    }

    @Test
    void runtimeAndGraphSizeWriteTheirCsvsAndPlots(@TempDir Path dir) throws Exception {
        assertThat(run("experiment", "runtime", "--sets", "2", "--utilizations", "0.6,1.0", "--tasks-range", "3..6",
                "--each-time-limit", "2s", "--out", dir.toString())).isZero();
        assertThat(read(dir.resolve("runtime-by-utilization.csv")).lines()).hasSize(3);
        assertThat(read(dir.resolve("runtime-by-tasks.csv")).lines()).hasSize(5)
                .first().isEqualTo("tasks,utilization,sets,mean,median,p95,max,hitLimit");
        assertThat(Files.readAllLines(dir.resolve("runtime-sets.csv"))).hasSize(1 + 2 * (2 + 3));
        assertThat(dir.resolve("runtime-tasks.svg")).isNotEmptyFile();

        assertThat(run("experiment", "graph-size", "--sets", "2", "--max-states", "20000", "--out",
                dir.resolve("g").toString())).isZero();
        List<String> g = Files.readAllLines(dir.resolve("g/graph-size.csv"));
        assertThat(g).hasSize(1 + 4);
        assertThat(g.get(1)).startsWith("0,domination,");
        assertThat(g.get(2)).startsWith("0,none,");
        assertThat(dir.resolve("g/graph-size.png")).isNotEmptyFile();
    }

    @Test
    void badOptionsAreUsageErrors(@TempDir Path dir) {
        String out = dir.toString();
        assertThat(run("experiment", "schedulability", "--shard", "4/3", "--out", out)).isEqualTo(2);
        assertThat(run("experiment", "schedulability", "--scenarios", "huge", "--out", out)).isEqualTo(2);
        assertThat(run("experiment", "runtime", "--tasks-range", "5..3", "--out", out)).isEqualTo(2);
        assertThat(run("generate", "--utilization", "6", "--tasks", "5")).isEqualTo(2);
    }
}
