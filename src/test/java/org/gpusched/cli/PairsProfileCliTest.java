package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.profile.Profiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** profile --pairs then loop, through the CLI, on 24 kernels on the simulated H200. */
class PairsProfileCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String K24 = "src/test/resources/pairs/h200-24-kernels.json";

    @Test
    void twentyFourKernelsTakeThreeHundredRunsAndEveryEligibleSetHasAnEntry(@TempDir Path dir) throws Exception {
        long t0 = System.nanoTime();
        Path out = dir.resolve("m.json");
        CliRunner p = CliRunner.run("profile", K24, "--pairs", "--device", "sim", "--sim-contention", "h200",
                "--runs", "1", "--warmup", "0", "--out", out.toString(), "--format", "json");
        long t1 = System.nanoTime();
        assertThat(p.code()).as(p.err()).isZero();
        JsonNode r = M.readTree(p.out());
        // Device runs: the 24 singles and the 276 pairs, one timed run each (not 2^24 sets).
        assertThat(r.path("sets").asInt()).isEqualTo(24 + 276);
        assertThat(Files.readAllLines(dir.resolve("m.samples.csv"))).hasSize(1 + 300);
        TaskSet in = new TaskSetReader().read(K24, Files.readString(Path.of(K24)));
        List<int[]> eligible = Profiler.sets(in, in.unitCount());
        // 300 blocks of 256 threads each: an H200 holds three such kernels, so 24 + 276 + 2,024 sets.
        assertThat(eligible).hasSize(24 + 276 + 2024);
        JsonNode written = M.readTree(out.toFile());
        Map<String, String> origin = new HashMap<>();
        for (JsonNode e : written.path("interference").path("entries")) {
            origin.put(String.join("+", M.convertValue(e.path("tasks"), String[].class)), e.path("origin").asText());
        }
        assertThat(origin).hasSize(276 + 2024);
        for (int[] set : eligible) {
            if (set.length > 1) {
                List<String> names = new java.util.ArrayList<>();
                for (int u : org.gpusched.oracle.Oracle.tasksOf(org.gpusched.oracle.Oracle.maskOf(set))) {
                    names.add(in.units().get(u).name());
                }
                assertThat(origin.get(String.join("+", names))).isEqualTo(set.length == 2 ? "measured" : "predicted");
            }
        }
        int reported = 0;
        for (JsonNode e : r.path("entries")) {
            reported += e.path("origin").asText().equals("predicted") && e.path("samples").asInt() == 0 ? 1 : 0;
        }
        assertThat(reported).isEqualTo(2024);
        CliRunner loop = CliRunner.run("loop", out.toString(), "--device", "sim", "--sim-contention", "h200",
                "--start", "model", "--out", dir.resolve("final.json").toString(), "--format", "json");
        long t2 = System.nanoTime();
        System.out.printf("profile --pairs %.1f s, loop %.1f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        System.out.println(loop.out());
        assertThat(loop.code()).as(loop.err()).isIn(0, 1, 3);
    }

    private static String marked(int triple, String tripleOrigin) {
        return "{\"formatVersion\": 1, \"name\": \"three\", \"tasks\": ["
                + "{\"name\": \"a\", \"period\": 22, \"wcet\": 10}, {\"name\": \"b\", \"period\": 22, \"wcet\": 10},"
                + " {\"name\": \"c\", \"period\": 22, \"wcet\": 10}], \"interference\": {\"model\": \"table\","
                + " \"missing\": \"forbid\", \"entries\": ["
                + "{\"tasks\": [\"a\", \"b\"], \"completion\": 15, \"origin\": \"measured\"},"
                + " {\"tasks\": [\"a\", \"c\"], \"completion\": 15, \"origin\": \"measured\"},"
                + " {\"tasks\": [\"b\", \"c\"], \"completion\": 15, \"origin\": \"measured\"},"
                + " {\"tasks\": [\"a\", \"b\", \"c\"], \"completion\": " + triple + ", \"origin\": \"" + tripleOrigin
                + "\"}]}}";
    }

    /**
     * A --pairs workload whose predicted triple is what the table must play (a pair and a single take
     * 25 > 22): the device takes 30, so loop raises the predicted entry like a measured one, and the
     * raised entry, now a measurement, is written marked measured.
     */
    @Test
    void loopRaisesAPredictedEntryThatOverranAndMarksItMeasured(@TempDir Path dir) throws Exception {
        Path w = Files.writeString(dir.resolve("w.json"), marked(21, "predicted"));
        Path truth = Files.writeString(dir.resolve("truth.json"), marked(30, "measured"));
        Path out = dir.resolve("final.json");
        CliRunner loop = CliRunner.run("loop", w.toString(), "--device", "sim", "--sim-timing", truth.toString(),
                "--start", "model", "--out", out.toString(), "--format", "json");
        assertThat(loop.code()).as(loop.err() + loop.out()).isEqualTo(1);
        JsonNode r = M.readTree(loop.out());
        JsonNode change = r.path("perRound").get(0).path("changes").get(0);
        assertThat(change.path("tasks").toString()).isEqualTo("[\"a\",\"b\",\"c\"]");
        assertThat(change.path("from").asLong()).isEqualTo(21);
        assertThat(change.path("to").asLong()).isEqualTo(30);
        JsonNode entries = M.readTree(out.toFile()).path("interference").path("entries");
        assertThat(entries.get(3).path("completion").asLong()).isEqualTo(30);
        assertThat(entries.get(3).path("origin").asText()).isEqualTo("measured");
        assertThat(entries.get(0).path("origin").asText()).isEqualTo("measured");
    }

    @Test
    void aMarkOtherThanMeasuredOrPredictedIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path w = Files.writeString(dir.resolve("w.json"), marked(21, "guessed"));
        CliRunner r = CliRunner.run("validate", w.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).singleElement().asString()
                .contains("interference.entries[3].origin", "unknown value \"guessed\" (expected measured or predicted)");
    }

    @Test
    void pairsRefusesATraceInOneLine(@TempDir Path dir) {
        CliRunner r = CliRunner.run("profile", K24, "--pairs", "--from-nsys", dir.resolve("t.sqlite").toString(), "--map",
                dir.resolve("m.json").toString(), "--out", dir.resolve("o.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines().findFirst().orElse("")).contains("--pairs times singles and pairs on a device");
        assertThat(dir.resolve("o.json")).doesNotExist();
    }

    /** A format-2 pipeline: its chains' kernels are the units, and the predicted entries name them task.kernel. */
    @Test
    void aPipelineIsProfiledByItsKernels(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m.json");
        CliRunner r = CliRunner.run("profile", "examples/orin-camera-pipeline.json", "--pairs", "--device", "sim",
                "--sim-contention", "h200", "--runs", "1", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode entries = M.readTree(out.toFile()).path("interference").path("entries");
        assertThat(entries.size()).isPositive();
        for (JsonNode e : entries) {
            assertThat(e.path("origin").asText()).isEqualTo(e.path("tasks").size() == 2 ? "measured" : "predicted");
            assertThat(e.path("tasks").get(0).asText()).contains(".");
        }
    }
}
