package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One meaning of a kernel's time in {@code loop} and {@code play}: on the simulated device fitted to
 * the H200, every example that {@code loop} declares stable plays its table with no frame over the
 * model (loop's own tolerance: none over). The examples that run on the device must all loop.
 */
class LoopPlayAgreementTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final List<String> ON_THE_DEVICE = List.of("player-calibration", "contending-kinds",
            "orin-camera-pipeline", "jetson-orin-perception");

    @Test
    void everyTableLoopDeclaresStablePlaysWithoutAFrameOverItsModel(@TempDir Path dir) throws IOException {
        List<String> stable = new ArrayList<>();
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path ex : examples) {
            String name = ex.getFileName().toString().replace(".json", "");
            Path out = dir.resolve(name + ".l.json");
            Path table = dir.resolve(name + ".t.json");
            CliRunner loop = CliRunner.run("loop", ex.toString(), "--device", "sim", "--sim-contention", "h200",
                    "--out", out.toString(), "--table", table.toString());
            // 1: not schedulable under what was measured; 2: a workload loop does not take (not PBS, ticks).
            assertThat(loop.code()).as(name + ": " + loop.err()).isIn(0, 1, 2);
            if (loop.code() != 0) {
                assertThat(ON_THE_DEVICE).as(name + " must loop: " + loop.err()).doesNotContain(name);
                continue;
            }
            assertThat(loop.out()).as(name).contains("stable");
            CliRunner play = CliRunner.run("play", table.toString(), "--taskset", out.toString(), "--device", "sim",
                    "--sim-contention", "h200", "--hyperperiods", "20", "--format", "json");
            assertThat(play.code()).as(name + ": " + play.err()).isZero();
            JsonNode frames = M.readTree(play.out()).path("frames");
            assertThat(frames.path("frames").asInt()).as(name).isPositive();
            assertThat(frames.path("overrunFrames").asInt()).as(name + ": frames over the model").isZero();
            stable.add(name);
        }
        assertThat(stable).containsAll(ON_THE_DEVICE);
    }
}
