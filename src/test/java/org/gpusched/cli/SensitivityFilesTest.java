package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.ExitCodes;
import org.gpusched.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * sensitivity over several files goes on after a file it cannot answer, and answers power-on
 * sets (offsets with no idle instant) the way analyze and compare do.
 */
class SensitivityFilesTest {
    @TempDir
    Path dir;

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> l = new java.util.ArrayList<>();
        for (String s : out.strip().split("\n")) {
            l.add(Json.MAPPER.readTree(s));
        }
        return l;
    }

    @Test
    void aRefusedFileIsReportedWithItsNameAndTheOthersGoOn() throws Exception {
        Path many = dir.resolve("many.json");
        Files.writeString(many, "{\"formatVersion\": 1, \"tasks\": [{\"name\": \"a\", \"period\": 1, \"deadline\": 1,"
                + " \"wcet\": 1}, {\"name\": \"b\", \"period\": 200003, \"deadline\": 200003, \"wcet\": 1}]}");
        CliRunner r = CliRunner.run("sensitivity", many.toString(), "examples/offsets-alternation.json",
                "examples/paper-fig1.json", "--format", "json", "--time-limit", "20s");
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        List<JsonNode> l = lines(r.out());
        assertThat(l).hasSize(3);
        assertThat(l.get(0).path("file").asText()).isEqualTo(many.toString());
        assertThat(l.get(0).path("error").asText()).contains("jobs per hyperperiod exceed");
        assertThat(l.get(1).path("file").asText()).isEqualTo("examples/offsets-alternation.json");
        assertThat(l.get(1).path("verdict").asText()).isEqualTo("schedulable");
        assertThat(l.get(2).path("verdict").asText()).isEqualTo("schedulable");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void thePowerOnExampleIsNotSchedulableAsAnalyzeSays() {
        CliRunner s = CliRunner.run("sensitivity", "examples/power-on.json");
        CliRunner a = CliRunner.run("analyze", "examples/power-on.json");
        assertThat(a.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        assertThat(s.code()).as(s.out()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
    }

    /** Random two- and three-task sets with offsets: the base verdict equals compare's gpusched verdict. */
    @Test
    void theBaseVerdictOfRandomOffsetSetsIsCompares() throws Exception {
        Random rnd = new Random(39);
        int powerOn = 0;
        for (int i = 0; i < 30; i++) {
            StringBuilder tasks = new StringBuilder();
            int n = 2 + rnd.nextInt(2);
            for (int k = 0; k < n; k++) {
                long period = 2 + rnd.nextInt(5);
                long wcet = 1 + rnd.nextInt((int) period);
                tasks.append(k == 0 ? "" : ",").append("{\"name\": \"t").append(k).append("\", \"period\": ")
                        .append(period).append(", \"deadline\": ").append(period).append(", \"wcet\": ").append(wcet)
                        .append(", \"offset\": ").append(rnd.nextInt((int) period)).append('}');
            }
            Path f = dir.resolve("set" + i + ".json");
            Files.writeString(f, "{\"formatVersion\": 1, \"tasks\": [" + tasks + "]}");
            CliRunner c = CliRunner.run("compare", f.toString(), "--methods", "gpusched", "--format", "json");
            if (c.code() == ExitCodes.INVALID) {
                continue;
            }
            JsonNode g = Json.MAPPER.readTree(c.out().strip()).path("gpusched");
            CliRunner s = CliRunner.run("sensitivity", f.toString(), "--format", "json", "--time-limit", "10s");
            JsonNode sv = Json.MAPPER.readTree(s.out().strip());
            assertThat(sv.path("verdict").asText()).as(Files.readString(f)).isEqualTo(g.path("verdict").asText());
            if (Files.readString(f).contains("offset\": 1") || Files.readString(f).contains("offset\": 2")) {
                powerOn++;
            }
        }
        assertThat(powerOn).as("sets with offsets drawn").isGreaterThan(10);
    }
}
