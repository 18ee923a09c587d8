package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code -q}: only the essential line, on every command that has it (docs/cli.md, "Options every command has"). */
class QuietOptionTest {

    @Test
    void loop_plan_quiet_prints_only_the_outcome_line(@TempDir Path dir) {
        Path out = dir.resolve("final.json");
        String[] args = {"loop", "--plan", "examples/drone-plan.json", "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--margin", "1.1", "--out", out.toString()};
        CliRunner loud = CliRunner.run(args);
        assertThat(loud.code()).as(loud.err()).isZero();
        assertThat(loud.out()).contains("round 1: plan frame").contains("round 2: plan frame");

        CliRunner quiet = CliRunner.run(concat(args, "-q"));
        assertThat(quiet.code()).as(quiet.err()).isZero();
        assertThat(quiet.out()).isEqualTo("examples/drone-plan.json: stable: the plan is schedulable and the measured"
                + " kernels kept their model after 2 rounds; workload " + out + ", report "
                + dir.resolve("final.rounds.json") + "\n");
        assertThat(loud.out()).endsWith(quiet.out());
        assertThat(quiet.err()).isEmpty();
    }

    @Test
    void oracle_quiet_prints_only_the_answer_line() {
        String[] args = {"oracle", "examples/jetson-orin-perception.json", "--batch", "tracker_update,cam_preprocess"};
        CliRunner loud = CliRunner.run(args);
        assertThat(loud.code()).isZero();
        assertThat(loud.out()).contains("tracker_update blocks -> SM 0: 1").contains("completion time: 3500 us");

        CliRunner quiet = CliRunner.run(concat(args, "--quiet"));
        assertThat(quiet.code()).isZero();
        assertThat(quiet.out()).isEqualTo("<tracker_update, cam_preprocess> on jetson-agx-orin-64gb (most-room): "
                + "eligible\n");
    }

    @Test
    void oracle_quiet_keeps_the_answer_of_a_batch_that_does_not_fit() {
        CliRunner quiet = CliRunner.run("oracle", "examples/jetson-orin-perception.json", "--batch",
                "det_backbone,cam_preprocess,lidar_voxelize,tracker_update", "-q");
        CliRunner loud = CliRunner.run("oracle", "examples/jetson-orin-perception.json", "--batch",
                "det_backbone,cam_preprocess,lidar_voxelize,tracker_update");
        assertThat(quiet.code()).isEqualTo(loud.code()).isEqualTo(1);
        assertThat(quiet.out().lines()).containsExactly(loud.out().lines().findFirst().orElseThrow());
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }
}
