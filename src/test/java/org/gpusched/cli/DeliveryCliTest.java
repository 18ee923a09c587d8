package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Power-on results reach the user in every output, and a refused file leaves the others analysed. */
class DeliveryCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    /** The smallest set that used to end in an internal error: a prefix, then a periodic part. */
    private static final String TWO = "{\"formatVersion\": 1, \"name\": \"two\", \"tasks\": ["
            + "{\"name\": \"A\", \"period\": 2, \"offset\": 1, \"wcet\": 1},"
            + "{\"name\": \"B\", \"period\": 2, \"offset\": 1, \"wcet\": 1}]}";

    @TempDir
    Path dir;

    @Test
    void aPowerOnTableGivesMarginsInEveryFormat() throws IOException {
        Path f = Files.writeString(dir.resolve("two.json"), TWO);
        CliRunner text = CliRunner.run("analyze", f.toString(), "--no-timing");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("schedulable, least slack 1 tick (A#0)", "periodic part frames 1..1");
        JsonNode json = M.readTree(CliRunner.run("analyze", f.toString(), "--format", "json").out());
        assertThat(json.at("/margins/leastSlack").asLong()).isEqualTo(1);
        // The prefix's job and one turn's: every response the schedule ever gives.
        assertThat(json.at("/margins/jobs").size()).isEqualTo(4);
        assertThat(json.at("/margins/tasks/0/worstResponseTime").asLong()).isEqualTo(1);
        for (String format : new String[] {"csv", "junit", "sarif"}) {
            CliRunner r = CliRunner.run("analyze", f.toString(), "--format", format);
            assertThat(r.code()).as(format + ": " + r.err()).isZero();
        }
        CliRunner piped = CliRunner.run("analyze", f.toString(), "--table", "-");
        assertThat(piped.code()).as(piped.err()).isZero();
        assertThat(M.readTree(piped.out()).at("/repeat/fromEntry").asInt()).isEqualTo(1);
        CliRunner csv = CliRunner.run("analyze", f.toString(), "--table", "-", "--table-format", "csv");
        assertThat(csv.out()).startsWith("start,end,position,task,job,stream,part,every\n")
                .contains("1,2,0,A,0,0,prefix,2", "3,4,1,B,1,1,periodic,2");
    }

    @Test
    void theCameraPipelineIsDrawnAndReviewed() throws IOException {
        Path svg = dir.resolve("g.svg");
        Path html = dir.resolve("r.html");
        CliRunner r = CliRunner.run("analyze", "examples/orin-camera-pipeline.json", "--gantt", svg.toString(),
                "--html", html.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.readString(svg)).contains("<svg", "<rect");
        assertThat(Files.readString(html)).contains("orin-camera-pipeline", "<svg");
    }

    @Test
    void aSteadyStateRefusalLeavesTheNextFileAnalysed() {
        CliRunner r = CliRunner.run("analyze", "examples/offsets-alternation.json", "examples/paper-fig1.json",
                "--steady-state", "--format", "json");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).contains("\"file\":\"examples/offsets-alternation.json\"", "\"error\"");
        assertThat(lines[1]).contains("\"file\":\"examples/paper-fig1.json\"", "\"verdict\":\"schedulable\"");
    }
}
