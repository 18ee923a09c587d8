package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Times at and near 2^63 - 1 never wrap around, in any method. Each set needs a frame
 * that starts after 0 (so that start + completion would overflow) and is not schedulable; a
 * wrapped-around frame end would look early and flip the verdict to schedulable.
 */
class TimeOverflowCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final long MAX = Long.MAX_VALUE;
    private static final List<String> METHODS = List.of("gpusched", "brute-force", "edf-serial", "edf-parallel");

    @TempDir
    Path dir;

    /** b (D = 1) runs first and ends at 1; then a's huge wcet starts at 1. */
    private static String hugeWcet(long wcet) {
        return """
                {"name": "huge-wcet", "tasks": [
                  {"name": "b", "period": 10, "deadline": 1, "wcet": 1},
                  {"name": "a", "period": 10, "wcet": %d}]}""".formatted(wcet);
    }

    /** c runs alone at 0 (its pairs are forbidden); a and b together from 1 take a huge completion. */
    private static String hugeTableEntry(long completion) {
        return """
                {"name": "huge-entry", "tasks": [
                  {"name": "c", "period": 10, "deadline": 1, "wcet": 1},
                  {"name": "a", "period": 10, "wcet": 6},
                  {"name": "b", "period": 10, "wcet": 6}],
                 "interference": {"model": "table", "entries": [{"tasks": ["a", "b"], "completion": %d}]}}"""
                .formatted(completion);
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String m : METHODS) {
            for (long v : new long[] {MAX, MAX - 1, MAX - 9, (MAX >> 1) + 1}) {
                out.add(Arguments.of(m, "wcet " + v, hugeWcet(v)));
                out.add(Arguments.of(m, "table entry " + v, hugeTableEntry(v)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void huge_times_read_as_misses(String method, String what, String json) throws Exception {
        Path f = dir.resolve("set.json");
        Files.writeString(f, json);
        CliRunner r = CliRunner.run("analyze", f.toString(), "--method", method, "--format", "json", "--no-timing");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        JsonNode report = M.readTree(r.out());
        assertThat(report.get("schedulable").asBoolean()).isFalse();
        // No frame of a baseline's path ever ends before it starts (a wrapped sum would).
        JsonNode w = report.get("witness");
        if (w != null && !w.isNull()) {
            for (JsonNode e : w.get("path")) {
                assertThat(e.get("end").asLong()).isGreaterThanOrEqualTo(e.get("start").asLong());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methods")
    void at_the_documented_hyperperiod_limit(String method) throws Exception {
        // Hyperperiod 10^12 (the reader's limit): a frame ending exactly at the deadline meets it,
        // one tick later misses.
        long h = 1_000_000_000_000L;
        Path ok = dir.resolve("ok.json");
        Files.writeString(ok, """
                {"name": "limit", "tasks": [{"name": "a", "period": %d, "wcet": %d}]}""".formatted(h, h));
        assertThat(CliRunner.run("analyze", ok.toString(), "--method", method, "-q").code())
                .isEqualTo(ExitCodes.OK);
        Path late = dir.resolve("late.json");
        Files.writeString(late, """
                {"name": "limit", "tasks": [{"name": "a", "period": %d, "wcet": %d}]}""".formatted(h, h + 1));
        assertThat(CliRunner.run("analyze", late.toString(), "--method", method, "-q").code())
                .isEqualTo(ExitCodes.NOT_SCHEDULABLE);
    }

    static Stream<String> methods() {
        return METHODS.stream();
    }
}
