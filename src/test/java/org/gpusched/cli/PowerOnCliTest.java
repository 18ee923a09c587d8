package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The power-on answer on the shipped examples, its version 2 table, verify and play of it. */
class PowerOnCliTest {
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void startedAtZeroTheFirstJobsMissWhereTheSteadyStateIsFine() {
        CliRunner r = CliRunner.run("analyze", "examples/power-on.json", "--no-timing");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("not schedulable", "gpusched(power-on", "0          3  A#0",
                "B#0 (released 1, deadline 4) cannot finish before 6 even alone");
        CliRunner steady = CliRunner.run("analyze", "examples/power-on.json", "--steady-state", "--no-timing");
        assertThat(steady.code()).as(steady.out()).isZero();
        assertThat(steady.out()).contains("window        [5, 15)");
    }

    @Test
    void alternationWithoutACutIsSchedulableWithAPeriodicTable(@TempDir Path dir) throws IOException {
        Path table = dir.resolve("t.json");
        CliRunner r = CliRunner.run("analyze", "examples/offsets-alternation.json", "--no-timing", "--table",
                table.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("periodic part frames 0..1 from t = 0 repeat every 2 tick");
        JsonNode t = M.readTree(table.toFile());
        assertThat(t.get("formatVersion").asInt()).isEqualTo(2);
        assertThat(t.get("repeat").get("fromEntry").asInt()).isZero();
        assertThat(t.get("repeat").get("every").asLong()).isEqualTo(2);
        CliRunner v = CliRunner.run("verify", table.toString(), "--taskset", "examples/offsets-alternation.json",
                "--hyperperiods", "5", "--runs", "20");
        assertThat(v.code()).as(v.out() + v.err()).isZero();
        CliRunner p = CliRunner.run("play", table.toString(), "--taskset", "examples/offsets-alternation.json",
                "--hyperperiods", "3", "--format", "csv");
        assertThat(p.code()).as(p.err()).isZero();
        // Three turns of A then B: six jobs, A#2 at 4 and B#2 at 5.
        assertThat(p.out().lines().skip(1).toList()).hasSize(6);
        assertThat(p.out()).contains(",A,2,", ",B,2,");
        CliRunner steady = CliRunner.run("analyze", "examples/offsets-alternation.json", "--steady-state");
        assertThat(steady.code()).isEqualTo(2);
        assertThat(steady.err()).contains("every instant of the hyperperiod lies inside some job's window");
    }

    @Test
    void aTableWithAWrongTurnIsRefusedWithItsEntry(@TempDir Path dir) throws IOException {
        Path table = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", "examples/offsets-alternation.json", "--table", table.toString()).code())
                .isZero();
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, Files.readString(table).replace("\"every\" : 2", "\"every\" : 4"));
        CliRunner v = CliRunner.run("play", bad.toString(), "--taskset", "examples/offsets-alternation.json");
        assertThat(v.code()).isEqualTo(2);
        assertThat(v.err()).contains("not a valid schedule of offsets-alternation", "should start at 2");
    }

    @Test
    void aSetWithAPrefixPlaysThePrefixOnceThenTheTurns(@TempDir Path dir) throws IOException {
        // The camera pipeline's first frame is at 500 (arrival 0 plus 500 jitter); from power-on it is
        // periodic at once, and its table is a version 2 table that verify accepts over several turns.
        Path table = dir.resolve("t.json");
        CliRunner r = CliRunner.run("analyze", "examples/orin-camera-pipeline.json", "--table", table.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        CliRunner v = CliRunner.run("verify", table.toString(), "--taskset", "examples/orin-camera-pipeline.json",
                "--hyperperiods", "3", "--runs", "10");
        assertThat(v.code()).as(v.out() + v.err()).isZero();
    }
}
