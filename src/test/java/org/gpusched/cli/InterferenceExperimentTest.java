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

    /**
     * Every run judges the predicting contention model on sets it was not fitted on: the grid's 200
     * sets each held out once in 5 folds; drawn sets (--draw: three and four kernels at sizes the
     * grid never has, distinct, drawn with --seed) predicted from the shipped H200 sets, each row
     * the set's measurement beside the prediction. The same seed gives the same bytes, shards merge
     * to the same files, and a count outside 5..500 is refused.
     */
    @Test
    void every_run_judges_the_predicting_model_on_sets_it_was_not_fitted_on(@TempDir Path dir) throws Exception {
        CliRunner grid = CliRunner.run("experiment", "interference", "--device", "sim", "--out", dir.resolve("g").toString());
        assertThat(grid.code()).as(grid.err()).isZero();
        List<String> held = Files.readAllLines(dir.resolve("g").resolve("contention-heldout.csv"));
        assertThat(held.get(0)).isEqualTo("set,fold,measured,predicted");
        assertThat(held.subList(1, held.size())).hasSize(200)
                .allSatisfy(row -> assertThat(row.split(",")[1]).isIn("0", "1", "2", "3", "4"))
                .extracting(row -> row.split(",")[0]).doesNotHaveDuplicates();
        assertThat(dir.resolve("g").resolve("contention-predicted.csv")).doesNotExist();

        String[] drawn = {"experiment", "interference", "--device", "sim", "--sim-contention", "h200", "--draw", "20",
            "--seed", "3"};
        CliRunner a = CliRunner.run(concat(drawn, "--out", dir.resolve("a").toString()));
        assertThat(a.code()).as(a.err()).isZero();
        List<String> predicted = Files.readAllLines(dir.resolve("a").resolve("contention-predicted.csv"));
        assertThat(predicted.get(0)).isEqualTo("set,measured,predicted");
        List<String> rows = predicted.subList(1, predicted.size());
        assertThat(rows).hasSize(20).extracting(row -> row.split(",")[0]).doesNotHaveDuplicates();
        for (int i = 0; i < rows.size(); i++) {
            String[] members = rows.get(i).split(",")[0].split("\\+");
            assertThat(members).as(rows.get(i)).hasSize(3 + i % 2)
                    .allSatisfy(m -> assertThat(m).matches("(compute|memory|cache|shared):(150|400)"));
            assertThat(Long.parseLong(rows.get(i).split(",")[2])).as(rows.get(i)).isPositive();
        }
        assertThat(Files.readAllLines(dir.resolve("a").resolve("contention-heldout.csv"))).hasSize(21);

        CliRunner again = CliRunner.run(concat(drawn, "--out", dir.resolve("b").toString()));
        assertThat(again.code()).as(again.err()).isZero();
        for (String f : List.of("contention-predicted.csv", "contention-heldout.csv", "interference-sets.csv")) {
            assertThat(Files.readString(dir.resolve("b").resolve(f))).as(f).isEqualTo(Files.readString(dir.resolve("a").resolve(f)));
        }
        CliRunner other = CliRunner.run("experiment", "interference", "--device", "sim", "--draw", "20", "--seed", "4",
                "--out", dir.resolve("c").toString());
        assertThat(other.code()).as(other.err()).isZero();
        assertThat(Files.readString(dir.resolve("c").resolve("contention-predicted.csv")))
                .isNotEqualTo(Files.readString(dir.resolve("a").resolve("contention-predicted.csv")));

        for (String shard : List.of("1/2", "2/2")) {
            CliRunner s = CliRunner.run(concat(drawn, "--shard", shard, "--out", dir.resolve("s").toString()));
            assertThat(s.code()).as(s.err()).isZero();
        }
        CliRunner merge = CliRunner.run("experiment", "merge", dir.resolve("s/interference-shard-1-of-2.csv").toString(),
                dir.resolve("s/interference-shard-2-of-2.csv").toString(), "--out", dir.resolve("m").toString());
        assertThat(merge.code()).as(merge.err()).isZero();
        assertThat(Files.readString(dir.resolve("m").resolve("contention-predicted.csv")))
                .isEqualTo(Files.readString(dir.resolve("a").resolve("contention-predicted.csv")));

        for (String n : List.of("4", "501", "-1")) {
            CliRunner bad = CliRunner.run("experiment", "interference", "--device", "sim", "--draw", n,
                    "--out", dir.resolve("x" + n).toString());
            assertThat(bad.code()).as(n).isEqualTo(2);
            assertThat(bad.err()).contains("--draw: 5..500 sets (got " + n + ")");
            assertThat(dir.resolve("x" + n)).doesNotExist();
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
