package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runtime's per-frame cost through the commands: tables whose frames include it, validate's
 * summary, profile writing the measured cost into the measured workload, and loop starting from it.
 */
class RuntimeOverheadCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String CAL = "examples/player-calibration.json";
    private static final String RUNTIME = "\"runtime\": { \"launch\": 11, \"submit\": 11, \"sync\": 3 },\n  \"tasks\"";

    private static Path withRuntime(Path dir, String name) throws Exception {
        return Files.writeString(dir.resolve(name), Files.readString(Path.of(CAL)).replace("\"tasks\"", RUNTIME));
    }

    @Test
    void everyFrameOfTheTableCarriesTheStatedRuntime(@TempDir Path dir) throws Exception {
        Path ts = withRuntime(dir, "rt.json");
        Path table = dir.resolve("t.json");
        CliRunner a = CliRunner.run("analyze", ts.toString(), "--table", table.toString(), "--no-timing");
        assertThat(a.code()).as(a.err()).isZero();
        JsonNode entries = M.readTree(table.toFile()).path("entries");
        assertThat(entries.size()).isPositive();
        for (JsonNode e : entries) {
            int kernels = e.path("batch").size();
            long length = e.path("end").asLong() - e.path("start").asLong();
            // The kernels' part is at most the slowest member slowed by 1.2; the runtime adds 14 + 11 per kernel.
            assertThat(length).as("%s", e).isGreaterThanOrEqualTo(14 + 11L * kernels + 100);
        }
        assertThat(CliRunner.run("verify", table.toString(), "--taskset", ts.toString()).code()).isZero();
        assertThat(CliRunner.run("verify", table.toString(), "--taskset", CAL).code()).isNotZero();
        assertThat(CliRunner.run("validate", ts.toString()).out())
                .contains("runtime per frame: submit 11 + sync 3 us, per kernel launch 11, per copy 0");
        assertThat(CliRunner.run("validate", CAL).out()).doesNotContain("runtime");
    }

    @Test
    void aJobThatOnlyTheRuntimeMakesLateIsExplainedByIt(@TempDir Path dir) throws Exception {
        Path ts = Files.writeString(dir.resolve("late.json"), "{\"timeUnit\": \"us\", \"tasks\": [{\"name\": \"a\","
                + " \"period\": 100, \"wcet\": 90}], \"runtime\": {\"submit\": 8, \"sync\": 3, \"launch\": 1}}");
        CliRunner r = CliRunner.run("analyze", ts.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("frame alone 102: wcet 90 + runtime 12");
        Path fits = Files.writeString(dir.resolve("fits.json"), Files.readString(ts).replace("\"submit\": 8", "\"submit\": 6"));
        assertThat(CliRunner.run("analyze", fits.toString()).code()).isZero();
    }

    @Test
    void profileWritesTheSimulatedDevicesRuntimeAndKeepsTheKernelsApart(@TempDir Path dir) throws Exception {
        Path ts = withRuntime(dir, "rt.json");
        Path out = dir.resolve("m.json");
        CliRunner r = CliRunner.run("profile", ts.toString(), "--device", "sim", "--runs", "3", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode m = M.readTree(out.toFile());
        assertThat(m.path("runtime").path("launch").asLong()).isEqualTo(11);
        assertThat(m.path("runtime").path("submit").asLong()).isEqualTo(11);
        assertThat(m.path("runtime").path("sync").asLong()).isEqualTo(3);
        // The wcets are the kernels alone: the runtime's cost is stated once, not in every entry too.
        assertThat(m.path("tasks").get(0).path("wcet").asLong()).isEqualTo(100);
        Path before = dir.resolve("before.json");
        Path after = dir.resolve("after.json");
        assertThat(CliRunner.run("analyze", ts.toString(), "--table", before.toString()).code()).isZero();
        assertThat(CliRunner.run("analyze", out.toString(), "--table", after.toString()).code()).isZero();
        assertThat(ends(M.readTree(after.toFile()))).isNotEmpty().isEqualTo(ends(M.readTree(before.toFile())));
    }

    @Test
    void aWorkloadWithoutRuntimeProfilesAsBefore(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m.json");
        assertThat(CliRunner.run("profile", CAL, "--device", "sim", "--runs", "2", "--out", out.toString()).code()).isZero();
        assertThat(M.readTree(out.toFile()).has("runtime")).isFalse();
    }

    @Test
    void loopStartsFromTheMeasuredRuntimeAndIsStableWhenItIsTheDevices(@TempDir Path dir) throws Exception {
        Path truth = withRuntime(dir, "truth.json");
        Path out = dir.resolve("final.json");
        CliRunner r = CliRunner.run("loop", CAL, "--device", "sim", "--sim-timing", truth.toString(), "--runs", "2",
                "--out", out.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode rep = M.readTree(r.out());
        assertThat(rep.path("outcome").asText()).isEqualTo("stable");
        assertThat(rep.path("rounds").asInt()).isEqualTo(1);
        assertThat(M.readTree(out.toFile()).path("runtime").path("launch").asLong()).isEqualTo(11);
        // From the workload's own model, which leaves the runtime out, the loop must raise its sets.
        CliRunner m = CliRunner.run("loop", CAL, "--device", "sim", "--sim-timing", truth.toString(), "--start",
                "model", "--out", dir.resolve("m.json").toString(), "--format", "json");
        JsonNode mr = M.readTree(m.out());
        assertThat(mr.path("perRound").get(0).path("overrunFrames").asInt()).isPositive();
    }

    private static java.util.List<Long> ends(JsonNode table) {
        java.util.List<Long> e = new java.util.ArrayList<>();
        table.path("entries").forEach(x -> e.add(x.path("end").asLong()));
        return e;
    }
}
