package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/** diff reads reports through the strict report reader, converts units, and escapes what it prints. */
class StrictDiffTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String JETSON = "examples/jetson-orin-perception.json";

    private static ObjectNode report() throws Exception {
        CliRunner r = CliRunner.run("analyze", JETSON, "--format", "json");
        assertThat(r.code()).isZero();
        return (ObjectNode) M.readTree(r.out());
    }

    private static Path tampered(Path dir, String name, Consumer<ObjectNode> change) throws Exception {
        ObjectNode o = report();
        change.accept(o);
        return Files.writeString(dir.resolve(name), M.writeValueAsString(o) + "\n");
    }

    private static void refused(Path dir, String name, String path, Consumer<ObjectNode> change) throws Exception {
        Path f = tampered(dir, name, change);
        CliRunner r = CliRunner.run("diff", JETSON, f.toString());
        assertThat(r.code()).as(name).isEqualTo(2);
        assertThat(r.err().strip().lines()).as(name).hasSize(1);
        assertThat(r.err()).as(name).contains(path);
    }

    @Test
    void diff_refuses_tampered_reports_with_the_json_path(@TempDir Path dir) throws Exception {
        refused(dir, "verdict.json", "verdict", o -> o.put("verdict", "banana"));
        refused(dir, "unit.json", "timeUnit", o -> o.put("timeUnit", "parsecs"));
        refused(dir, "negative.json", "table.entries[0].start",
                o -> ((ObjectNode) o.path("table").path("entries").get(0)).put("start", -5));
        refused(dir, "backwards.json", "table.entries[1].end",
                o -> ((ObjectNode) o.path("table").path("entries").get(1)).put("end", 0));
        refused(dir, "job.json", "table.entries[0].batch[0].job",
                o -> ((ObjectNode) o.path("table").path("entries").get(0).path("batch").get(0)).put("job", -1));
        refused(dir, "streams.json", "table.streams", o -> ((ObjectNode) o.path("table")).put("streams", "x"));
        refused(dir, "worst.json", "margins.tasks[0].worstResponseTime",
                o -> ((ObjectNode) o.path("margins").path("tasks").get(0)).put("worstResponseTime", "soon"));
    }

    @Test
    void diff_escapes_task_names_from_reports(@TempDir Path dir) throws Exception {
        Path f = tampered(dir, "names.json", o -> ((ObjectNode) o.path("margins").path("tasks").get(0))
                .put("task", "x\u001b[2J\nFAKE LINE: schedulable#0\u0007"));
        CliRunner r = CliRunner.run("diff", JETSON, f.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out() + r.err()).doesNotContain("\u001b", "\u0007", "\nFAKE");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void diff_converts_between_time_units_and_refuses_ticks_against_lengths(@TempDir Path dir) throws Exception {
        ObjectNode us = report();
        Path a = Files.writeString(dir.resolve("us.json"), M.writeValueAsString(us) + "\n");
        ObjectNode ms = us.deepCopy();
        ms.put("timeUnit", "ms");
        Path b = Files.writeString(dir.resolve("ms.json"), M.writeValueAsString(ms) + "\n");
        CliRunner r = CliRunner.run("diff", a.toString(), b.toString(), "--format", "json");
        JsonNode o = M.readTree(r.out());
        assertThat(o.path("timeUnit").asText()).isEqualTo("us");
        long least = us.path("margins").path("leastSlack").asLong();
        assertThat(o.path("leastSlack").path("old").asLong()).isEqualTo(least);
        assertThat(o.path("leastSlack").path("new").asLong()).isEqualTo(least * 1000);
        assertThat(o.path("table").path("identical").asBoolean()).isFalse();
        ObjectNode tick = us.deepCopy();
        tick.put("timeUnit", "tick");
        Path c = Files.writeString(dir.resolve("tick.json"), M.writeValueAsString(tick) + "\n");
        CliRunner refused = CliRunner.run("diff", c.toString(), a.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("tick").hasLineCount(1);
    }
}
