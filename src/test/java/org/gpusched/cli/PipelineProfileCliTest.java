package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * profile and loop on format-2 workloads (chains of kernels, copies): the units timed are the
 * chains' kernels, and the measured workload is the same v2 file with each kernel's exec, a table
 * model by kernel names and the runtime's cost, which analyze and play then read.
 */
class PipelineProfileCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String ORIN = "examples/orin-camera-pipeline.json";

    /** Two chains, copies around the first, a slowdown model by kernel: the small pipeline of these tests. */
    static String pipeline(long k0, long k1, long b) {
        return """
                {"formatVersion": 2, "name": "mini", "timeUnit": "us",
                 "tasks": [
                  {"name": "a", "period": 1000, "segments": [
                     {"copy": {"to": "device", "time": 20}},
                     {"gpu": {"name": "k0", "exec": %d, "kernel": {"blocks": 2, "threadsPerBlock": 128}}},
                     {"gpu": {"name": "k1", "exec": %d, "kernel": {"blocks": 2, "threadsPerBlock": 128}}},
                     {"copy": {"to": "host", "time": 10}}]},
                  {"name": "b", "period": 500, "segments": [
                     {"gpu": {"exec": %d, "kernel": {"blocks": 1, "threadsPerBlock": 64}}}]}],
                 "interference": {"model": "slowdown", "factors": {"a.k0": 1.5, "a.k1": 1.2, "b": 1.25}}}
                """.formatted(k0, k1, b);
    }

    @Test
    void theCameraPipelineLoopsOnTheH200FittedSimulator(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("final.json");
        CliRunner loop = CliRunner.run("loop", ORIN, "--device", "sim", "--sim-contention", "h200", "--max-set-size",
                "3", "--runs", "20", "--rounds", "2", "--out", out.toString());
        assertThat(loop.code()).as(loop.err()).isIn(0, 1);
        assertThat(loop.out()).containsAnyOf("stable", "frames started late", "not schedulable");
        JsonNode w = M.readTree(out.toFile());
        assertThat(w.path("formatVersion").asInt()).isEqualTo(2);
        // Each kernel keeps its segment; sets of kernels of two chains only, named task.kernel.
        assertThat(w.path("tasks").get(0).path("segments")).hasSize(4);
        assertThat(w.path("interference").path("model").asText()).isEqualTo("table");
        List<String> names = new ArrayList<>();
        w.path("interference").path("entries").forEach(e -> e.path("tasks").forEach(n -> names.add(n.asText())));
        assertThat(names).isNotEmpty().allMatch(n -> n.startsWith("cam.") || n.startsWith("lidar."));
        // The h200 preset's runtime cost was measured into the workload.
        assertThat(w.path("runtime").path("launch").asLong()).isPositive();
        CliRunner analyzed = CliRunner.run("analyze", out.toString(), "--quiet");
        assertThat(analyzed.code()).as(analyzed.err()).isIn(0, 1);
        if (loop.code() == 0) {
            Path table = dir.resolve("final.table.json");
            CliRunner play = CliRunner.run("play", table.toString(), "--taskset", out.toString(), "--device", "sim",
                    "--sim-contention", "h200", "--hyperperiods", "3");
            assertThat(play.code()).as(play.err()).isZero();
            assertThat(play.out()).contains("0 of", "no deadline missed");
        }
    }

    @Test
    void aProfiledPipelineIsAWorkloadAnalyzeReads(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("measured.json");
        CliRunner p = CliRunner.run("profile", ORIN, "--device", "sim", "--runs", "3", "--out", out.toString());
        assertThat(p.code()).as(p.err()).isZero();
        JsonNode in = M.readTree(Path.of(ORIN).toFile());
        JsonNode w = M.readTree(out.toFile());
        // On the sim with the workload's own model the measured kernels are the stated ones ...
        for (int t = 0; t < 2; t++) {
            for (int s = 0; s < in.path("tasks").get(t).path("segments").size(); s++) {
                assertThat(w.at("/tasks/" + t + "/segments/" + s + "/gpu/exec").asLong())
                        .isEqualTo(in.at("/tasks/" + t + "/segments/" + s + "/gpu/exec").asLong());
            }
        }
        // ... and a pair runs as the slowdown model says: max(1800 x 1.6, 2000 x 1.5).
        JsonNode pair = null;
        for (JsonNode e : w.path("interference").path("entries")) {
            if (e.path("tasks").toString().equals("[\"cam.preprocess\",\"lidar.voxelize\"]")) {
                pair = e;
            }
        }
        assertThat(pair).isNotNull();
        assertThat(pair.path("completion").asLong()).isEqualTo(3000);
        CliRunner analyzed = CliRunner.run("analyze", out.toString(), "--quiet");
        assertThat(analyzed.code()).as(analyzed.err()).isZero();
        assertThat(Files.readString(dir.resolve("measured.samples.csv"))).contains("cam.backbone+lidar.voxelize");
    }

    /** Copies are not timed (the GPU's profile launches kernels alone): they stay as stated and count once. */
    @Test
    void copiesStayAsStatedAndTheProfileMatchesTheWorkloadsOwnModel(@TempDir Path dir) throws Exception {
        Path in = Files.writeString(dir.resolve("mini.json"), pipeline(100, 50, 80));
        Path a = dir.resolve("profiled.json");
        Path b = dir.resolve("model.json");
        CliRunner fromProfile = CliRunner.run("loop", in.toString(), "--device", "sim", "--out", a.toString());
        CliRunner fromModel = CliRunner.run("loop", in.toString(), "--device", "sim", "--start", "model", "--out",
                b.toString());
        assertThat(fromProfile.code()).as(fromProfile.err()).isZero();
        assertThat(fromModel.code()).as(fromModel.err()).isZero();
        assertThat(Files.readString(a)).isEqualTo(Files.readString(b));
        JsonNode w = M.readTree(a.toFile());
        assertThat(w.at("/tasks/0/segments/0/copy/time").asLong()).isEqualTo(20);
        assertThat(w.at("/tasks/0/segments/3/copy/time").asLong()).isEqualTo(10);
        // {a.k0, b}: max(150, 100) of kernels, the copies outside the entry.
        assertThat(w.at("/interference/entries/0/completion").asLong()).isEqualTo(150);
    }

    /** A device slower than the model: the loop raises the kernels it saw overrun and ends stable. */
    @Test
    void theLoopRaisesAPipelinesKernelsToTheDevicesTimes(@TempDir Path dir) throws Exception {
        Path in = Files.writeString(dir.resolve("mini.json"), pipeline(100, 50, 80));
        Path truth = Files.writeString(dir.resolve("truth.json"), pipeline(130, 60, 90));
        Path out = dir.resolve("final.json");
        CliRunner loop = CliRunner.run("loop", in.toString(), "--device", "sim", "--sim-timing", truth.toString(),
                "--start", "model", "--rounds", "10", "--out", out.toString());
        assertThat(loop.code()).as(loop.out() + loop.err()).isZero();
        assertThat(loop.out()).contains("round 2");
        assertThat(loop.out()).contains("{a.k1}: 60 -> 70", "{b}: 80 -> 90");
        JsonNode w = M.readTree(out.toFile());
        // The kernels played alone now take the device's time; a.k0 only ever ran beside b, whose
        // entry holds the device's max(130 x 1.5, 90 x 1.25), the H2D copy outside it.
        assertThat(w.at("/tasks/0/segments/2/gpu/exec").asLong()).isEqualTo(60);
        assertThat(w.at("/tasks/1/segments/0/gpu/exec").asLong()).isEqualTo(90);
        assertThat(w.at("/interference/entries/0/tasks").toString()).isEqualTo("[\"a.k0\",\"b\"]");
        assertThat(w.at("/interference/entries/0/completion").asLong()).isEqualTo(195);
        assertThat(M.readTree(in.toFile()).at("/tasks/0/segments/2/gpu/exec").asLong()).isEqualTo(50);
    }

    @Test
    void aPipelineIsNeverOverwrittenAndOneOutsidePbsIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path in = Files.writeString(dir.resolve("mini.json"), pipeline(100, 50, 80));
        String before = Files.readString(in);
        CliRunner same = CliRunner.run("loop", in.toString(), "--device", "sim", "--out", in.toString());
        assertThat(same.code()).isEqualTo(2);
        assertThat(same.err()).contains("never overwrites its inputs");
        assertThat(Files.readString(in)).isEqualTo(before);
        CliRunner cpu = CliRunner.run("profile", "examples/workload-v2.json", "--device", "sim", "--out",
                dir.resolve("w.json").toString());
        assertThat(cpu.code()).isEqualTo(2);
        assertThat(cpu.err().strip()).doesNotContain("\n").contains("PBS does not apply", "CPU segment");
    }
}
