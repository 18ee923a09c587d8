package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** optimize --plan and loop --plan on the drone example. */
class PlanCliTest {
    private static final String UNPLANNED = "examples/drone-plan.json";

    @Test
    void optimize_plan_writes_a_schedulable_plan_and_its_trace_the_same_for_the_same_seed(@TempDir Path dir)
            throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Path trace = dir.resolve("trace.json");
        CliRunner r = CliRunner.run("optimize", "--plan", UNPLANNED, "--trace", trace.toString(), "-o", a.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("plans analysed", "GPU share");
        CliRunner again = CliRunner.run("optimize", "--plan", UNPLANNED, "-o", b.toString());
        assertThat(again.code()).isZero();
        assertThat(Files.readString(b)).isEqualTo(Files.readString(a));
        // The plan written is a workload that the partitioned analyses prove schedulable.
        CliRunner check = CliRunner.run("analyze", "--method", "time-partitioned-offset-based", a.toString());
        assertThat(check.code()).as(check.out()).isZero();
        assertThat(check.out()).contains("all GPU-using tasks (visual-odometry, obstacle-map) are in partition GPU");
        JsonNode t = Json.MAPPER.readTree(Files.readString(trace));
        assertThat(t.isArray()).isTrue();
        assertThat(t.size()).isGreaterThan(10);
        assertThat(t.get(0).has("schedulable")).isTrue();
        assertThat(Files.readString(Path.of(UNPLANNED))).doesNotContain("timePartitions");
    }

    @Test
    void optimize_plan_refuses_a_workload_that_has_a_plan_and_needs_one_mode() {
        CliRunner r = CliRunner.run("optimize", "--plan", "examples/drone-timepart.json", "-o", "-");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("platform.timePartitions", "has a plan already");
        assertThat(CliRunner.run("optimize", UNPLANNED).err()).contains("give one of --windows or --plan");
    }

    @Test
    void loop_plan_converges_on_the_simulated_device(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("final.json");
        CliRunner r = CliRunner.run("loop", "--plan", UNPLANNED, "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--margin", "1.1", "--out", out.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        JsonNode rounds = Json.MAPPER.readTree(Files.readString(dir.resolve("final.rounds.json")));
        assertThat(rounds.size()).isEqualTo(2);
        assertThat(rounds.get(0).path("stable").asBoolean()).isFalse();
        assertThat(rounds.get(1).path("stable").asBoolean()).isTrue();
        // 2900 measured, times the margin 1.1.
        assertThat(rounds.get(1).path("measured").path("visual-odometry.segments[1]").asLong()).isEqualTo(3190);
        JsonNode fin = Json.MAPPER.readTree(Files.readString(out));
        assertThat(fin.path("platform").has("timePartitions")).isTrue();
        assertThat(CliRunner.run("analyze", "--method", "time-partitioned-offset-based", out.toString()).code())
                .isZero();
    }

    @Test
    void loop_plan_ends_with_its_outcome_and_names_only_what_it_wrote(@TempDir Path dir) throws Exception {
        // Kernels far over what the frames leave: no plan keeps every task schedulable, from round 1.
        Path ts = dir.resolve("heavy.json");
        Files.writeString(ts, Files.readString(Path.of(UNPLANNED)).replace("\"exec\": 2500", "\"exec\": 22000")
                .replace("\"exec\": 6000", "\"exec\": 45000"));
        Path out = dir.resolve("final.json");
        CliRunner none = CliRunner.run("loop", "--plan", ts.toString(), "--device", "sim", "--sim-timing",
                ts.toString(), "--out", out.toString());
        assertThat(none.code()).as(none.out() + none.err()).isEqualTo(1);
        assertThat(none.out()).endsWith("\n" + ts + ": not schedulable under the measured model after 1 round; report "
                + dir.resolve("final.rounds.json") + "\n");
        assertThat(out).doesNotExist();

        // One round, and the round limit: the model measured in it changed.
        CliRunner limit = CliRunner.run("loop", "--plan", UNPLANNED, "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--margin", "1.1", "--rounds", "1", "--out", out.toString());
        assertThat(limit.code()).as(limit.out() + limit.err()).isEqualTo(3);
        assertThat(limit.out()).endsWith("\n" + UNPLANNED + ": round limit reached with the measured model still"
                + " changing or the plan not schedulable after 1 round; workload " + out + ", report "
                + dir.resolve("final.rounds.json") + "\n");
        assertThat(out).exists();
    }

    @Test
    void loop_plan_refuses_each_option_of_the_loop_of_tables_even_at_its_default(@TempDir Path dir) {
        Path out = dir.resolve("final.json");
        String[][] unused = {{"--table", dir.resolve("t.json").toString()}, {"--html", dir.resolve("p.html").toString()},
            {"--start", "profile"}, {"--mode", "time-triggered"}, {"--hyperperiods", "1"}, {"--warmup", "5"},
            {"--max-set-size", "2"}, {"--exec-time", "wcet"}, {"--sim-contention", "h200"}, {"--gpu", "0"},
            {"--tick-ns", "1000"}, {"--engine", "graph"}, {"--merge", "domination"}, {"--search", "auto"},
            {"--stop", "first"}, {"--objective", "earliest-finish"}, {"--max-states", "100"},
            {"--time-limit", "10s"}, {"--no-greedy"}, {"--threads", "1"}, {"--format", "json"}};
        for (String[] option : unused) {
            List<String> args = new ArrayList<>(List.of("loop", "--plan", UNPLANNED, "--device", "sim",
                    "--sim-timing", "examples/drone-plan-truth.json", "--out", out.toString()));
            args.addAll(List.of(option));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.code()).as(option[0]).isEqualTo(2);
            assertThat(r.err()).as(option[0]).startsWith("gpusched: loop --plan does not use " + option[0] + " (");
            assertThat(r.err().lines().count()).as(r.err()).isEqualTo(2); // the line and "Try ... --help"
            assertThat(r.out()).as(option[0]).isEmpty();
            assertThat(out).doesNotExist();
        }
        CliRunner two = CliRunner.run("loop", "--plan", UNPLANNED, "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--out", out.toString(), "--mode", "reclaim", "--start", "model");
        assertThat(two.err()).startsWith("gpusched: loop --plan does not use --start, --mode (");
    }

    @Test
    void loop_plan_reads_with_allow_external_modules(@TempDir Path dir) throws Exception {
        Path ts = ExternalModuleWorkload.write(dir);
        String out = dir.resolve("final.json").toString();
        CliRunner refused = CliRunner.run("loop", "--plan", ts.toString(), "--device", "sim", "--sim-timing",
                ts.toString(), "--out", out);
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("give --allow-external-modules");
        CliRunner allowed = CliRunner.run("loop", "--plan", ts.toString(), "--device", "sim", "--sim-timing",
                ts.toString(), "--out", out, "--allow-external-modules");
        assertThat(allowed.err()).doesNotContain("--allow-external-modules");
        assertThat(allowed.code()).as(allowed.err()).isEqualTo(1);
        assertThat(allowed.out()).contains("round 1: no plan keeps every task schedulable");
    }
}
