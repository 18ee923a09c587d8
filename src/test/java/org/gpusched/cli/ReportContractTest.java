package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The report contract: every outcome parses under --format json; csv works or is refused. */
class ReportContractTest {
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void an_invalid_file_under_format_json_is_a_json_line_with_error(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"version\": 1,");
        for (String cmd : new String[] {"analyze", "compare", "sensitivity", "validate"}) {
            CliRunner r = CliRunner.run(cmd, bad.toString(), "examples/paper-fig1.json", "--format", "json");
            assertThat(r.code()).as(cmd).isEqualTo(2);
            JsonNode first = M.readTree(r.out().lines().findFirst().orElseThrow());
            assertThat(first.path("file").asText()).isEqualTo(bad.toString());
            assertThat(first.path("error").asText()).as(cmd).startsWith(bad.toString() + ":");
            assertThat(r.out().lines().count()).as(cmd + ": the valid file is still reported").isEqualTo(2);
        }
    }

    @Test
    void an_output_error_under_format_json_is_a_json_line_with_error(@TempDir Path dir) {
        CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--format", "json", "--table",
                "examples/paper-fig1.json");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).contains("\"error\":\"examples/paper-fig1.json: is an input of this run");
    }

    @Test
    void every_report_has_a_schema_that_the_schema_command_prints_and_that_rejects_a_broken_report()
            throws Exception {
        for (String report : SchemaCommand.REPORTS) {
            CliRunner r = CliRunner.run("schema", "--report", report);
            assertThat(r.code()).as(report).isZero();
            assertThat(M.readTree(r.out()).path("$schema").asText()).contains("2020-12");
        }
        assertThat(CliRunner.run("schema", "--report", "nonsense").code()).isEqualTo(2);
        JsonNode good = M.readTree(CliRunner.run("analyze", "examples/paper-fig1.json", "--format", "json").out());
        assertThat(good.path("reportVersion").asInt()).isEqualTo(2);
        assertThat(good.fieldNames().next()).isEqualTo("reportVersion");
        assertThat(ReportSchemas.schema("analyze").validate(good)).isEmpty();
        ((com.fasterxml.jackson.databind.node.ObjectNode) good).remove("verdict");
        assertThat(ReportSchemas.schema("analyze").validate(good)).isNotEmpty();
        ((com.fasterxml.jackson.databind.node.ObjectNode) good).put("verdict", "maybe");
        assertThat(ReportSchemas.schema("analyze").validate(good)).isNotEmpty();
    }

    @Test
    void json_lines_everywhere_json_is_promised() {
        for (String[] args : new String[][] {{"presets", "--format", "json"},
                {"validate", "examples/paper-fig1.json", "examples/jetson-orin-perception.json", "--format", "json"},
                {"methods", "--format", "json"}, {"compare", "--list", "--format", "json"}}) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.out().lines().count()).as(args[0]).isGreaterThan(1);
            assertThat(r.out().lines()).allSatisfy(l -> assertThat(l).startsWith("{\"reportVersion\":2,"));
        }
    }

    @Test
    void csv_is_refused_where_a_command_has_no_rows() {
        String[][] noRows = {{"oracle", "examples/paper-example-2-1.json", "-b", "J1,J2"},
                {"diff", "examples/paper-fig1.json", "examples/paper-fig1.json"},
                {"experiment", "graph-size", "--sets", "1", "--tasks", "2", "--out", "target/never-written"},
                {"experiment", "gcaps", "--sets", "1", "--out", "target/never-written"},
                {"experiment", "cross-policy", "--sets", "1", "--out", "target/never-written"}};
        for (String[] args : noRows) {
            String[] withCsv = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                    java.util.stream.Stream.of("--format", "csv")).toArray(String[]::new);
            CliRunner r = CliRunner.run(withCsv);
            assertThat(r.code()).as(args[0]).isEqualTo(2);
            assertThat(r.err()).contains("has no CSV form");
        }
        assertThat(Path.of("target/never-written")).doesNotExist();
    }
}
