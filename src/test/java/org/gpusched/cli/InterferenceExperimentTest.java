package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** experiment interference on the simulated device: measured slowdowns, the fitted slowdown model, its errors, the plot. */
class InterferenceExperimentTest {
    @Test
    void fits_one_factor_per_kind_that_never_predicts_below_a_measured_set(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("res");
        CliRunner r = CliRunner.run("experiment", "interference", "--device", "sim", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("interference-factors.csv")))
                .containsExactly("kind,factor", "compute,1.0500", "memory,2.7000", "cache,2.1000", "shared,1.8000");
        List<String> rows = Files.readAllLines(out.resolve("interference.csv"));
        // 10 kind pairs x 4 size choices + 20 kind triples x 8, the header and the worst-case line.
        assertThat(rows).hasSize(1 + 40 + 160 + 1);
        assertThat(rows).contains("memory:100+memory:100,2,180,270,0.5000", "compute:100+memory:100,2,100,270,1.7000");
        for (String row : rows.subList(1, rows.size() - 1)) {
            String[] c = row.split(",");
            assertThat(Long.parseLong(c[3])).as(row).isGreaterThanOrEqualTo(Long.parseLong(c[2]));
        }
        assertThat(rows.get(rows.size() - 1)).isEqualTo("worst,2,,,1.7000");
        assertThat(out.resolve("interference.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("interference.svg"))).contains("<svg");
    }

    /** Without a usable GPU, --device cuda is refused in one line naming --device sim (exit 2); nothing is written. */
    @Test
    void cuda_without_a_gpu_is_one_line_and_exit_2(@TempDir Path dir) {
        org.junit.jupiter.api.Assumptions.assumeFalse(CliRunner.gpuUsable(), "a GPU is usable here: the refusal cannot be shown");
        CliRunner gpu = CliRunner.run("experiment", "interference", "--device", "cuda", "--out", dir.resolve("x").toString());
        assertThat(gpu.code()).isEqualTo(2);
        assertThat(gpu.err().strip().lines()).singleElement().asString()
                .startsWith("gpusched: experiment interference --device cuda: no usable GPU (").endsWith("run it with --device sim");
        assertThat(dir.resolve("x")).doesNotExist();
        CliRunner bad = CliRunner.run("experiment", "interference", "--device", "gpu", "--out", dir.resolve("y").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--device: sim or cuda (got gpu)");
    }

    /**
     * Fitted to the H200 (--sim-contention h200), the simulated device gives the experiment the
     * H200's measured slowdowns: its fitted factors within 15 % of the factors the H200 run fitted.
     */
    @Test
    void the_sim_fitted_to_the_h200_reproduces_the_h200s_factors(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("res");
        CliRunner r = CliRunner.run("experiment", "interference", "--device", "sim", "--sim-contention", "h200",
                "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // What experiment interference --device cuda fitted on the H200 (docs/results).
        java.util.Map<String, Double> h200 = new java.util.HashMap<>();
        for (String row : Files.readAllLines(Path.of("docs/results/interference-nvidia-h200/interference-factors.csv"))
                .subList(1, 5)) {
            h200.put(row.split(",")[0], Double.parseDouble(row.split(",")[1]));
        }
        List<String> rows = Files.readAllLines(out.resolve("interference-factors.csv"));
        assertThat(rows).hasSize(5);
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split(",");
            assertThat(Double.parseDouble(c[1])).as(row).isCloseTo(h200.get(c[0]), org.assertj.core.api.Assertions.within(0.15 * h200.get(c[0])));
        }
        CliRunner gpu = CliRunner.run("experiment", "interference", "--device", "cuda", "--sim-contention", "h200",
                "--out", dir.resolve("z").toString());
        assertThat(gpu.code()).isEqualTo(2);
        assertThat(gpu.err()).contains("--sim-contention describes the simulated device");
    }
}
