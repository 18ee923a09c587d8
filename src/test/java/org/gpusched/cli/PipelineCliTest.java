package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pipelines from the command line: v1 examples keep their tables byte for byte, the camera
 * pipeline example names every kernel, the reader's offset/jitter/chain rules, and generate.
 */
class PipelineCliTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/tables-v1");
    private static final String PIPELINE = "examples/orin-camera-pipeline.json";
    private static final List<String> V1 = List.of("paper-fig1", "paper-example-2-1", "jetson-orin-perception",
            "rtx4090-inference", "player-calibration");
    private static final ObjectMapper M = new ObjectMapper();

    /**
     * Golden files: stdout of {@code analyze --no-timing --table -} (report and table) for every
     * v1 example, as produced before format v2 existed (main at e183d14). Rewrite them only on purpose:
     * {@code -Dgpusched.writeGolden=true}.
     */
    @Test
    void v1ExamplesGiveTheSameReportsAndTablesAsBeforePipelines() throws IOException {
        boolean write = Boolean.getBoolean("gpusched.writeGolden");
        for (String ex : V1) {
            for (String[] args : variants()) {
                List<String> cmd = new ArrayList<>(List.of("analyze", "examples/" + ex + ".json", "--no-timing",
                        "--table", "-"));
                cmd.addAll(List.of(args).subList(1, args.length));
                CliRunner r = CliRunner.run(cmd.toArray(String[]::new));
                String got = r.out() + "exit " + r.code() + "\n";
                Path file = GOLDEN.resolve(ex + "." + args[0]);
                if (write) {
                    Files.createDirectories(GOLDEN);
                    Files.writeString(file, got, StandardCharsets.UTF_8);
                }
                assertThat(got).as(String.join(" ", cmd)).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
    }

    private static List<String[]> variants() {
        return List.of(new String[] {"gpusched.text"},
                new String[] {"gpusched.json", "--format", "json"},
                new String[] {"edf-serial.csv", "--method", "edf-serial", "--format", "csv", "--table-format", "csv"},
                new String[] {"edf-parallel.json", "--method", "edf-parallel", "--format", "json"},
                new String[] {"most-slack.csv", "--stop", "all", "--objective", "most-slack", "--table-format", "csv"});
    }

    @Test
    void theCameraPipelineTableNamesEachKernelAndPlaysWithoutAMiss(@TempDir Path dir) throws IOException {
        // The steady state's table (started at the window), not the power-on one.
        CliRunner r = CliRunner.run("analyze", PIPELINE, "--no-timing", "--format", "json", "--steady-state");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode report = M.readTree(r.out());
        JsonNode table = report.get("table");
        List<String> names = new ArrayList<>();
        table.get("entries").forEach(e -> e.get("batch").forEach(b -> names.add(b.get("task").asText())));
        assertThat(names).contains("cam.preprocess", "cam.backbone", "cam.head", "cam.nms", "lidar.voxelize",
                "lidar.pillars");
        // 5 camera jobs of 4 kernels and 2 lidar jobs of 2 kernels: each kernel exactly once.
        assertThat(names).hasSize(24);
        assertThat(report.get("origin").asLong()).isEqualTo(120000);
        Path t = dir.resolve("t.json");
        Files.writeString(t, table.toPrettyString());
        CliRunner v = CliRunner.run("verify", t.toString(), "--taskset", PIPELINE, "--hyperperiods", "3");
        assertThat(v.code()).as(v.out() + v.err()).isZero();
        // Reclaim gives unused time to later frames but never starts a job before arrival + jitter
        // (the camera's 500 us), and plays a job's kernels in chain order on its stream.
        CliRunner play = CliRunner.run("play", t.toString(), "--taskset", PIPELINE, "--device", "sim", "--mode",
                "reclaim", "--exec-time", "fixed:0.5", "--format", "csv");
        assertThat(play.code()).as(play.err()).isZero();
        List<String> rows = play.out().lines().skip(1).toList();
        assertThat(rows).hasSize(24);
        List<String> camJob1 = rows.stream().filter(x -> x.split(",")[3].startsWith("cam.") && x.split(",")[4]
                .equals("1")).toList();
        assertThat(camJob1).extracting(x -> x.split(",")[3]).containsExactly("cam.preprocess", "cam.backbone",
                "cam.head", "cam.nms");
        // columns: ..., task, job, release, batchPlannedStart, batchStart, start, finish
        assertThat(camJob1.get(0).split(",")[5]).isEqualTo("40500");
        assertThat(camJob1.get(0).split(",")[8]).isEqualTo("40500");
        for (int k = 1; k < 4; k++) {
            assertThat(Long.parseLong(camJob1.get(k).split(",")[8]))
                    .isGreaterThanOrEqualTo(Long.parseLong(camJob1.get(k - 1).split(",")[9]));
        }
        for (String m : List.of("edf-serial", "edf-parallel")) {
            assertThat(CliRunner.run("analyze", PIPELINE, "--method", m, "--no-timing").code()).as(m).isZero();
        }
        // Brute force enumerates the steady state: it checks gpusched there, not from power-on.
        CliRunner brute = CliRunner.run("analyze", PIPELINE, "--method", "brute-force", "--no-timing");
        assertThat(brute.code()).isEqualTo(2);
        assertThat(brute.err()).contains("brute-force: not applicable: offsets: the steady state's window does not"
                + " start at 0");
        assertThat(CliRunner.run("analyze", PIPELINE, "--method", "brute-force", "--steady-state").code()).isZero();
    }

    @Test
    void offsetsJitterAndChainsAreValidatedWithThePathOfTheValue(@TempDir Path dir) throws IOException {
        assertThat(error(dir, "{\"tasks\": [{\"name\": \"a\", \"period\": 10, \"wcet\": 1, \"offset\": 10}]}"))
                .contains("tasks[0].offset: offset must be >= 0 and < period 10 (got 10)");
        assertThat(error(dir, "{\"tasks\": [{\"name\": \"a\", \"period\": 10, \"deadline\": 5, \"wcet\": 1,"
                + " \"jitter\": 6}]}")).contains("tasks[0].jitter: jitter must be >= 0 and <= deadline 5 (got 6)");
        // D = T with offsets 0 and 5 on periods 10 and 20: every instant lies inside some job's window,
        // so only the power-on question has an answer; the steady state's is refused.
        Path noCut = dir.resolve("no-cut.json");
        Files.writeString(noCut, "{\"tasks\": [{\"name\": \"a\", \"period\": 10, \"wcet\": 1},"
                + " {\"name\": \"b\", \"period\": 20, \"wcet\": 1, \"offset\": 5}]}");
        assertThat(CliRunner.run("analyze", noCut.toString(), "--no-timing").code()).isZero();
        CliRunner steady = CliRunner.run("analyze", noCut.toString(), "--steady-state");
        assertThat(steady.code()).isEqualTo(2);
        assertThat(steady.err()).contains("tasks: offsets: every instant of the hyperperiod lies inside some job's"
                + " window (release, deadline)");
        String chain = "{\"formatVersion\": 2, \"tasks\": [{\"name\": \"a\", \"period\": 10, \"segments\": ["
                + "{\"gpu\": {\"name\": \"p\", \"exec\": 1}}, {\"gpu\": {\"name\": \"q\", \"exec\": 2}}]},"
                + " {\"name\": \"b\", \"period\": 10, \"wcet\": 2}], \"interference\": {\"model\": \"table\","
                + " \"entries\": [{\"tasks\": [%s, \"b\"], \"completion\": 3}]}}";
        assertThat(error(dir, chain.formatted("\"a\""))).contains("interference.entries[0].tasks[0]: task \"a\" is a"
                + " chain of kernels: an entry names each kernel as a.KERNEL");
        assertThat(error(dir, chain.formatted("\"a.x\""))).contains("unknown task \"a.x\"");
        Path ok = dir.resolve("ok.json");
        Files.writeString(ok, chain.formatted("\"a.q\""));
        assertThat(CliRunner.run("analyze", ok.toString(), "--no-timing").code()).isZero();
        assertThat(error(dir, chain.formatted("\"a.q\"").replace("\"name\": \"q\"", "\"name\": \"p\"")))
                .contains("kernel name \"p\" repeated in the chain of a");
        assertThat(error(dir, "{\"formatVersion\": 2, \"tasks\": [{\"name\": \"a.p\", \"period\": 10, \"wcet\": 1},"
                + " {\"name\": \"a\", \"period\": 10, \"segments\": [{\"gpu\": {\"name\": \"p\", \"exec\": 1}},"
                + " {\"gpu\": {\"exec\": 2}}]}]}")).contains("kernel name \"a.p\" is also a kernel of task a.p");
    }

    private static String error(Path dir, String json) throws IOException {
        Path f = Files.createTempFile(dir, "ts", ".json");
        Files.writeString(f, json);
        CliRunner r = CliRunner.run("validate", f.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(2);
        assertThat(r.err().lines().count()).isEqualTo(1);
        return r.err();
    }

    @Test
    void generateMakesChainsOffsetsAndJitterThatThePbsMethodsAccept(@TempDir Path dir) throws IOException {
        CliRunner g = CliRunner.run("generate", "-u", "0.8", "-n", "3", "--chain", "3", "--offsets", "--jitter", "0.1");
        assertThat(g.code()).isZero();
        JsonNode set = M.readTree(g.out());
        assertThat(set.get("formatVersion").asInt()).isEqualTo(2);
        set.get("tasks").forEach(t -> {
            assertThat(t.get("offset").asLong()).isBetween(0L, t.get("period").asLong() / 2);
            assertThat(t.get("deadline").asLong()).isEqualTo(t.get("period").asLong() - t.get("offset").asLong());
            assertThat(t.get("jitter").asLong()).isEqualTo(t.get("deadline").asLong() / 10);
            assertThat(t.get("segments").size()).isBetween(1, 3);
        });
        Path f = dir.resolve("g.json");
        Files.writeString(f, g.out());
        CliRunner a = CliRunner.run("analyze", f.toString(), "--no-timing");
        CliRunner b = CliRunner.run("analyze", f.toString(), "--no-timing", "--method", "brute-force");
        assertThat(a.code()).as(a.err()).isIn(0, 1).isEqualTo(b.code());
        // The same options, the same bytes; no option, the plain v1 set as before.
        assertThat(CliRunner.run("generate", "-u", "0.8", "-n", "3", "--chain", "3", "--offsets", "--jitter", "0.1")
                .out()).isEqualTo(g.out());
        assertThat(M.readTree(CliRunner.run("generate", "-u", "0.8", "-n", "3").out()).get("formatVersion").asInt())
                .isEqualTo(1);
        assertThat(CliRunner.run("generate", "-u", "0.8", "--jitter", "2").code()).isEqualTo(2);
    }
}
