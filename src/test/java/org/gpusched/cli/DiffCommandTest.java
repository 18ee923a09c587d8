package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class DiffCommandTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String JETSON = "examples/jetson-orin-perception.json";

    private static Path slower(Path dir, String wcet) throws Exception {
        String s = Files.readString(Path.of(JETSON)).replace("\"wcet\": 7000", "\"wcet\": " + wcet);
        return Files.writeString(dir.resolve("new-" + wcet + ".json"), s);
    }

    @Test
    void two_task_sets_show_the_changed_task_the_margins_and_the_table() throws Exception {
        Path dir = Files.createTempDirectory("diff");
        Path neu = slower(dir, "8000");
        CliRunner r = CliRunner.run("diff", JETSON, neu.toString(), "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode o = M.readTree(r.out());
        assertThat(o.path("verdict").path("changed").asBoolean()).isFalse();
        assertThat(o.path("leastSlack").path("old").asLong()).isEqualTo(3250);
        assertThat(o.path("leastSlack").path("delta").asLong()).isNegative();
        assertThat(o.path("tasks").findValuesAsText("change")).containsOnly("same", "changed")
                .containsOnlyOnce("changed");
        assertThat(o.path("table").path("identical").asBoolean()).isFalse();
        CliRunner text = CliRunner.run("diff", JETSON, neu.toString());
        assertThat(text.out()).contains("det_backbone", "changed", "wcet 7000 -> period", "first difference at frame");
    }

    @Test
    void a_verdict_that_flips_is_the_headline_and_the_exit_code_is_the_new_verdict(@TempDir Path dir) throws Exception {
        Path neu = slower(dir, "19000");
        CliRunner r = CliRunner.run("diff", JETSON, neu.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).startsWith(JETSON + " -> " + neu + ": schedulable -> not schedulable");
    }

    @Test
    void a_runtime_cost_that_flips_the_verdict_is_named(@TempDir Path dir) throws Exception {
        String set = "{\"formatVersion\": 1, \"timeUnit\": \"us\", \"tasks\": [{\"name\": \"t\", \"period\": 100,"
                + " \"wcet\": 50}]%s}";
        Path a = Files.writeString(dir.resolve("a.json"), String.format(set, ""));
        Path b = Files.writeString(dir.resolve("b.json"), String.format(set, ", \"runtime\": {\"launch\": 60}"));
        CliRunner text = CliRunner.run("diff", a.toString(), b.toString());
        assertThat(text.code()).isEqualTo(1);
        assertThat(text.out()).contains("schedulable -> not schedulable",
                "runtime       none -> launch 60, submit 0, sync 0, copy 0 us");
        JsonNode o = M.readTree(CliRunner.run("diff", a.toString(), b.toString(), "--format", "json").out());
        assertThat(o.path("runtime").path("old").asText()).isEqualTo("none");
        assertThat(o.path("runtime").path("new").asText()).isEqualTo("launch 60, submit 0, sync 0, copy 0");
        // the same cost on both sides is no change, and the diff reads as without one
        JsonNode same = M.readTree(CliRunner.run("diff", b.toString(), b.toString(), "--format", "json").out());
        assertThat(same.has("runtime")).isFalse();
        assertThat(CliRunner.run("diff", a.toString(), a.toString()).out()).doesNotContain("runtime");
    }

    @Test
    void two_reports_compare_like_their_task_sets(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), CliRunner.run("analyze", JETSON, "--format", "json").out());
        Path b = Files.writeString(dir.resolve("b.json"),
                CliRunner.run("analyze", slower(dir, "8000").toString(), "--format", "json").out());
        JsonNode fromReports = M.readTree(CliRunner.run("diff", a.toString(), b.toString(), "--format", "json").out());
        JsonNode fromSets = M.readTree(CliRunner.run("diff", JETSON, dir.resolve("new-8000.json").toString(),
                "--format", "json").out());
        assertThat(fromReports.path("leastSlack")).isEqualTo(fromSets.path("leastSlack"));
        assertThat(fromReports.path("table")).isEqualTo(fromSets.path("table"));
        assertThat(CliRunner.run("diff", a.toString(), a.toString()).out()).contains("(unchanged)", "identical");
    }

    @Test
    void bad_inputs_and_csv_are_refused_with_exit_2(@TempDir Path dir) throws Exception {
        assertThat(CliRunner.run("diff", JETSON, dir.resolve("none.json").toString()).code()).isEqualTo(2);
        Path junk = Files.writeString(dir.resolve("junk.json"), "{\"hello\": 1}");
        assertThat(CliRunner.run("diff", JETSON, junk.toString()).code()).isEqualTo(2);
        assertThat(CliRunner.run("diff", JETSON, JETSON, "--format", "csv").code()).isEqualTo(2);
    }
}
