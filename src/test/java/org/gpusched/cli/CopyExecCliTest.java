package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The copy/execute methods, play --strategy and --gantt from the command line. */
class CopyExecCliTest {
    private static final String EX = "examples/copy-exec-video.json";

    @Test
    void compareShowsTheFourStrategies() {
        CliRunner r = CliRunner.run("compare", EX);
        for (String s : new String[] {"traditional", "interleave", "concurrent", "order"}) {
            assertThat(r.out()).contains("copy-exec-" + s);
        }
        // Only order meets every deadline on this example (it issues grad's D2H first).
        assertThat(r.out()).containsPattern("copy-exec-order\\s+schedulable");
        assertThat(r.out()).containsPattern("copy-exec-concurrent\\s+not schedulable");
    }

    @Test
    void analyzeSaysItIsASimulationAndListsEveryJob() {
        CliRunner r = CliRunner.run("analyze", EX, "--method", "copy-exec-traditional", "--format", "json", "--no-timing");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("\"evidence\":\"simulation\"").contains("not a proof for shorter times")
                .contains("\"jobs\":[{\"task\":\"detect\",\"job\":0,\"release\":0,\"start\":0,\"finish\":")
                .contains("\"responseTime\"").contains("\"relativePerformance\":\"1.00\"");
    }

    @Test
    void playOrderOnTheSimulatedDevice(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("order.png");
        CliRunner r = CliRunner.run("play", "--strategy", "order", "--taskset", EX, "--device", "sim", "--gantt",
                png.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("play --strategy order on sim: 4 jobs in 3 batches, no deadline miss");
        byte[] b = Files.readAllBytes(png);
        assertThat(b[1]).isEqualTo((byte) 'P');
        assertThat(b[2]).isEqualTo((byte) 'N');
        CliRunner json = CliRunner.run("play", "--strategy", "concurrent", "--taskset", EX, "--device", "sim",
                "--format", "json");
        assertThat(json.code()).isEqualTo(1);
        assertThat(json.out()).contains("\"op\":\"d2h\"").contains("\"miss\":true");
    }

    @Test
    void ganttWritesSvgForMethodsAndTables(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("t.svg");
        CliRunner r = CliRunner.run("analyze", EX, "--method", "copy-exec-interleave", "--gantt", svg.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(Files.readString(svg)).contains("<svg");
        Path pbs = dir.resolve("pbs.svg");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--gantt", pbs.toString()).code()).isZero();
        assertThat(Files.readString(pbs)).contains("<svg");
    }

    @Test
    void experimentReproducesTableIIIsShape(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ce");
        assertThat(CliRunner.run("experiment", "copy-exec", "--sets", "3", "--out", out.toString()).code()).isZero();
        List<String> lines = Files.readAllLines(out.resolve("copy-exec.csv"));
        assertThat(lines.get(0)).isEqualTo(org.gpusched.experiment.CopyExecExperiment.HEADER);
        assertThat(lines).hasSize(1 + 6 * 4);
        assertThat(lines.stream().filter(l -> l.contains(",traditional,"))).allMatch(l -> l.endsWith(",1.00"));
        assertThat(out.resolve("copy-exec.png")).exists();
        Path again = dir.resolve("again");
        CliRunner.run("experiment", "copy-exec", "--sets", "3", "--out", again.toString());
        assertThat(Files.readString(again.resolve("copy-exec.csv"))).isEqualTo(Files.readString(out.resolve("copy-exec.csv")));
    }

    @Test
    void usageErrors(@TempDir Path dir) {
        assertThat(CliRunner.run("play", "--strategy", "fastest", "--taskset", EX).code()).isEqualTo(2);
        assertThat(CliRunner.run("play", "t.json", "--strategy", "order", "--taskset", EX).code()).isEqualTo(2);
        CliRunner bad = CliRunner.run("analyze", EX, "--method", "copy-exec-order", "--gantt",
                dir.resolve("x.txt").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains(".svg or .png");
        CliRunner na = CliRunner.run("play", "--strategy", "order", "--taskset", "examples/gcaps-example-2.json",
                "--device", "sim");
        assertThat(na.code()).isEqualTo(2);
        assertThat(na.err()).contains("not applicable").contains("CPU segment");
    }

    @Test
    void theWitnessCountsCopiesInALoneFrame() {
        // detect's kernel alone lasts 5000, its frame with its copies 8500.
        CliRunner r = CliRunner.run("analyze", "examples/copy-exec-video.json", "--no-timing");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("detect#0 (deadline 9500) can still finish by 8500 alone");
    }
}
