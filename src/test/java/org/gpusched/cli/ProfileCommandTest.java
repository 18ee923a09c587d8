package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Profile, the replay comparison of play, and loop, on the simulated device. */
class ProfileCommandTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String FIG1 = "examples/paper-fig1.json";
    private static final String OPTIMISTIC = "examples/optimistic.json";
    private static final String TRUTH = "examples/optimistic-truth.json";

    @Test
    void profile_on_the_simulated_device_gives_a_workload_whose_analysis_is_unchanged(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m.json");
        CliRunner r = CliRunner.run("profile", FIG1, "--device", "sim", "--runs", "7", "--out", out.toString(),
                "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode rep = M.readTree(r.out());
        assertThat(rep.path("sets").asInt()).isEqualTo(7);
        assertThat(rep.path("wcet").path("tau2").asLong()).isEqualTo(3);
        assertThat(M.readTree(out.toFile()).path("interference")).isEqualTo(M.readTree(Path.of(FIG1).toFile()).path("interference"));
        assertThat(Files.readAllLines(dir.resolve("m.samples.csv"))).hasSize(1 + 7 * 7)
                .first().isEqualTo("set,size,order,run,sample,unit");
        JsonNode before = M.readTree(CliRunner.run("analyze", FIG1, "--format", "json").out());
        JsonNode after = M.readTree(CliRunner.run("analyze", out.toString(), "--format", "json").out());
        assertThat(after.path("verdict")).isEqualTo(before.path("verdict"));
        assertThat(CliRunner.run("analyze", out.toString()).code()).isZero();
    }

    @Test
    void statistic_and_margin_shape_the_model_from_noisy_samples(@TempDir Path dir) throws Exception {
        Path max = dir.resolve("max.json");
        Path mean = dir.resolve("mean.json");
        String[] common = {"--device", "sim", "--exec-time", "uniform:0.5..1.0", "--runs", "50", "--format", "json"};
        JsonNode a = M.readTree(CliRunner.run(cat(new String[] {"profile", FIG1, "--out", max.toString()}, common)).out());
        JsonNode b = M.readTree(CliRunner.run(cat(new String[] {"profile", FIG1, "--out", mean.toString(),
                "--statistic", "mean", "--margin", "1.5"}, common)).out());
        // max of ceil(6 f), f in [0.5, 1): at most 6; the triple's mean is about 4.5 ticks, times 1.5.
        assertThat(a.path("entries").get(3).path("completion").asLong()).isBetween(5L, 6L);
        assertThat(b.path("entries").get(3).path("completion").asLong()).isBetween(6L, 8L);
        assertThat(b.path("statistic").asText()).isEqualTo("mean");
    }

    @Test
    void without_a_gpu_profile_refuses_and_names_the_simulated_device(@TempDir Path dir) {
        CliRunner r = CliRunner.run("profile", "examples/player-calibration.json", "--out", dir.resolve("m.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--device sim").doesNotContain("Exception");
        assertThat(dir.resolve("m.json")).doesNotExist();
    }

    @Test
    void profile_never_overwrites_its_input() {
        CliRunner r = CliRunner.run("profile", FIG1, "--device", "sim", "--out", FIG1, "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("is an input of this run");
        CliRunner same = CliRunner.run("profile", FIG1, "--device", "sim", "--out", "target/same.json", "--samples",
                "target/same.json");
        assertThat(same.code()).isEqualTo(2);
        assertThat(same.err()).contains("two outputs of this run are the same file");
    }

    @Test
    void a_timing_table_from_another_workload_is_refused(@TempDir Path dir) {
        CliRunner r = CliRunner.run("profile", FIG1, "--device", "sim", "--sim-timing",
                "examples/player-calibration.json", "--out", dir.resolve("m.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("examples/player-calibration.json").contains("not of paper-fig1")
                .doesNotContain("\n");
        Path table = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", FIG1, "--table", table.toString()).code()).isZero();
        CliRunner p = CliRunner.run("play", table.toString(), "--taskset", FIG1, "--device", "sim", "--sim-timing",
                "examples/player-calibration.json");
        assertThat(p.code()).isEqualTo(2);
        assertThat(p.err()).contains("examples/player-calibration.json:").contains("not of paper-fig1");
    }

    @Test
    void a_device_without_enough_shared_memory_is_refused(@TempDir Path dir) throws Exception {
        String tasks = "\"tasks\":[{\"name\":\"a\",\"period\":10,\"wcet\":2,\"kernel\":{\"blocks\":2,\"threadsPerBlock\":128,"
                + "\"sharedMemoryPerBlock\":%d}},{\"name\":\"b\",\"period\":10,\"wcet\":3,\"kernel\":{\"blocks\":2,"
                + "\"threadsPerBlock\":128,\"sharedMemoryPerBlock\":1024}}]";
        Path ts = Files.writeString(dir.resolve("ts.json"), "{\"formatVersion\":1,\"gpu\":{\"sms\":2,"
                + "\"sharedMemoryPerSm\":65536}," + String.format(tasks, 40000) + ",\"interference\":{\"model\":\"none\"}}");
        Path small = Files.writeString(dir.resolve("small.json"), "{\"formatVersion\":1,\"gpu\":{\"sms\":2,"
                + "\"sharedMemoryPerSm\":32768}," + String.format(tasks, 1024) + ",\"interference\":{\"model\":\"none\"}}");
        CliRunner r = CliRunner.run("profile", ts.toString(), "--device", "sim", "--sim-timing", small.toString(),
                "--out", dir.resolve("m.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("ts.json:1:").contains("tasks[0].kernel").contains("not enough memory")
                .contains("sharedMemoryPerSm");
        assertThat(CliRunner.run("profile", ts.toString(), "--device", "sim", "--out", dir.resolve("m.json").toString())
                .code()).isZero();
    }

    @Test
    void a_kernel_module_that_cannot_be_loaded_is_refused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("k.cubin"), "this is not a cubin");
        Files.writeString(dir.resolve("k.ptx"), "//\n.version 8.0\n.target sm_75\n");
        String ts = "{\"formatVersion\":1,\"tasks\":[{\"name\":\"a\",\"period\":10,\"wcet\":2,\"kernel\":{\"blocks\":1,"
                + "\"threadsPerBlock\":32,\"symbol\":\"spin\",\"module\":\"%s\"}}],\"interference\":{\"model\":\"none\"}}";
        Path bad = Files.writeString(dir.resolve("bad.json"), String.format(ts, "k.cubin"));
        CliRunner r = CliRunner.run("profile", bad.toString(), "--device", "sim", "--out", dir.resolve("m.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("tasks[0].kernel.module").contains("cannot be loaded");
        Path good = Files.writeString(dir.resolve("good.json"), String.format(ts, "k.ptx"));
        assertThat(CliRunner.run("profile", good.toString(), "--device", "sim", "--out",
                dir.resolve("m2.json").toString()).code()).isZero();
    }

    @Test
    void replay_reports_the_overrun_of_an_optimistic_model(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.json");
        // --no-greedy: the search's table, whose first frame runs tau1 and tau2 together (a greedy
        // policy finds a serial one that the optimistic entries never touch).
        assertThat(CliRunner.run("analyze", OPTIMISTIC, "--table", table.toString(), "--no-greedy").code()).isZero();
        CliRunner honest = CliRunner.run("play", table.toString(), "--taskset", OPTIMISTIC, "--device", "sim",
                "--format", "json");
        JsonNode h = M.readTree(honest.out()).path("frames");
        assertThat(h.path("overrunFrames").asInt()).isZero();
        assertThat(h.path("deadlineMissed").asBoolean()).isFalse();
        CliRunner r = CliRunner.run("play", table.toString(), "--taskset", OPTIMISTIC, "--device", "sim",
                "--sim-timing", TRUTH, "--format", "json");
        assertThat(r.code()).isEqualTo(1);
        JsonNode f = M.readTree(r.out()).path("frames");
        assertThat(f.path("worstOverrun").asLong()).isEqualTo(1);
        assertThat(f.path("overrunFrames").asInt()).isPositive();
        assertThat(f.path("deadlineMissed").asBoolean()).isTrue();
        assertThat(f.path("worstJobs").toString()).contains("tau1#0").contains("tau2#0");
        CliRunner text = CliRunner.run("play", table.toString(), "--taskset", OPTIMISTIC, "--device", "sim",
                "--sim-timing", TRUTH);
        assertThat(text.out()).contains("frames vs table: 1 of 8 over their model (worst overrun 1 at entry 0");
    }

    @Test
    void loop_converges_from_an_optimistic_model_in_bounded_rounds(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("final.json");
        CliRunner r = CliRunner.run("loop", OPTIMISTIC, "--device", "sim", "--sim-timing", TRUTH, "--start", "model",
                "--out", out.toString(), "--format", "json", "--no-greedy");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode rep = M.readTree(r.out());
        assertThat(rep.path("outcome").asText()).isEqualTo("stable");
        int rounds = rep.path("rounds").asInt();
        // Bound: a set is raised at most once on a deterministic device, so rounds <= sets + 1 = 8.
        assertThat(rounds).isBetween(2, 8);
        JsonNode last = rep.path("perRound").get(rounds - 1);
        assertThat(last.path("overrunFrames").asInt()).isZero();
        assertThat(rep.path("perRound").get(0).path("changes").get(0).path("to").asLong()).isEqualTo(5);
        assertThat(M.readTree(dir.resolve("final.rounds.json").toFile())).isEqualTo(rep);
        // The final table keeps every deadline on the device it was measured on.
        Path table = dir.resolve("final.table.json");
        CliRunner play = CliRunner.run("play", table.toString(), "--taskset", out.toString(), "--device", "sim",
                "--sim-timing", TRUTH, "--format", "json");
        assertThat(play.code()).isZero();
        assertThat(M.readTree(play.out()).path("frames").path("overrunFrames").asInt()).isZero();
    }

    @Test
    void loop_stops_at_the_round_limit_and_when_the_truth_is_not_schedulable(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("loop", OPTIMISTIC, "--device", "sim", "--sim-timing", TRUTH, "--start", "model",
                "--rounds", "1", "--out", dir.resolve("a.json").toString(), "--no-greedy");
        assertThat(r.code()).isEqualTo(3);
        assertThat(r.out()).contains("round limit");
        Path truth = Files.writeString(dir.resolve("slow.json"), Files.readString(Path.of(TRUTH))
                .replace("\"completion\": 6", "\"completion\": 9").replace("\"completion\": 4", "\"completion\": 6"));
        CliRunner n = CliRunner.run("loop", OPTIMISTIC, "--device", "sim", "--sim-timing", truth.toString(),
                "--out", dir.resolve("b.json").toString(), "--format", "json", "--no-greedy");
        assertThat(n.code()).isEqualTo(1);
        assertThat(M.readTree(n.out()).path("outcome").asText()).isEqualTo("not-schedulable");
        assertThat(M.readTree(n.out()).path("table").isNull()).isTrue();
    }

    @Test
    void loop_from_a_profile_of_an_exact_device_is_stable_in_one_round(@TempDir Path dir) {
        CliRunner r = CliRunner.run("loop", OPTIMISTIC, "--device", "sim", "--sim-timing", TRUTH, "--runs", "3",
                "--out", dir.resolve("f.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("round 1: schedulable, 0 of").contains("stable");
    }

    private static String[] cat(String[] a, String[] b) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b)).toArray(String[]::new);
    }
}
