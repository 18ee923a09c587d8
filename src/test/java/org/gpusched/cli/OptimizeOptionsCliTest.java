package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** optimize takes the options every reporting command has (docs/cli.md, "Options every command has"). */
class OptimizeOptionsCliTest {
    private static final String RAILWAY = "examples/railway-timepart.json";
    private static final String UNPLANNED = "examples/drone-plan.json";

    @Test
    void format_json_is_one_report_line_with_the_verdict_the_window_and_the_file_written(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("opt.json");
        CliRunner r = CliRunner.run("optimize", "--windows", RAILWAY, "-o", out.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines()).hasSize(1);
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.path("reportVersion").asInt()).isEqualTo(2);
        assertThat(n.path("file").asText()).isEqualTo(RAILWAY);
        assertThat(n.path("verdict").asText()).isEqualTo("schedulable");
        assertThat(n.path("partition").asText()).isEqualTo("GPU");
        assertThat(n.path("windowsBefore").get(0).path("length").asLong()).isEqualTo(6000);
        assertThat(n.path("window").path("start").asLong()).isZero();
        assertThat(n.path("window").path("length").asLong()).isEqualTo(1800);
        assertThat(n.path("minSlack").asLong()).isEqualTo(100);
        assertThat(n.path("written").asText()).isEqualTo(out.toString());
        assertThat(out).exists();
        assertThat(ReportSchemas.schema("optimize").validate(n)).isEmpty();
    }

    @Test
    void format_json_of_a_plan_search_names_the_plan_or_none(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("planned.json");
        CliRunner r = CliRunner.run("optimize", "--plan", UNPLANNED, "-o", out.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.path("verdict").asText()).isEqualTo("schedulable");
        assertThat(n.path("plan").path("gpuSharePercent").asInt()).isEqualTo(45);
        assertThat(n.path("plansAnalysed").asInt()).isGreaterThan(10);
        assertThat(n.path("written").asText()).isEqualTo(out.toString());

        Path heavy = Files.writeString(dir.resolve("heavy.json"), Files.readString(Path.of(UNPLANNED))
                .replace("\"exec\": 2500", "\"exec\": 22000").replace("\"exec\": 6000", "\"exec\": 45000"));
        CliRunner none = CliRunner.run("optimize", "--plan", heavy.toString(), "-o", dir.resolve("h.json").toString(),
                "--format", "json");
        assertThat(none.code()).as(none.err()).isEqualTo(1);
        JsonNode m = Json.MAPPER.readTree(none.out());
        assertThat(m.path("verdict").asText()).isEqualTo("not schedulable");
        assertThat(m.path("plan").isNull()).isTrue();
        assertThat(m.path("written").isNull()).isTrue();
        assertThat(dir.resolve("h.json")).doesNotExist();
    }

    @Test
    void format_json_of_an_invalid_input_is_the_error_line_and_csv_is_refused() {
        CliRunner bad = CliRunner.run("optimize", "--windows", "examples/paper-fig1.json", "-o", "-", "--format",
                "json");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.out()).startsWith("{\"reportVersion\":2,\"error\":").contains("no timePartitions");
        CliRunner csv = CliRunner.run("optimize", "--windows", RAILWAY, "--format", "csv");
        assertThat(csv.code()).isEqualTo(2);
        assertThat(csv.err()).contains("'gpusched optimize' has no CSV form");
    }

    @Test
    void quiet_prints_only_the_verdict_line_with_what_was_found_and_written(@TempDir Path dir) {
        Path out = dir.resolve("opt.json");
        CliRunner r = CliRunner.run("optimize", "--windows", RAILWAY, "-o", out.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo(RAILWAY + ": schedulable, window [0, 1800) (length 1800), min slack 100;"
                + " written " + out + "\n");
        assertThat(r.err()).isEmpty();

        Path planned = dir.resolve("planned.json");
        CliRunner p = CliRunner.run("optimize", "--plan", UNPLANNED, "-o", planned.toString(), "--quiet");
        assertThat(p.code()).as(p.err()).isZero();
        assertThat(p.out()).matches(UNPLANNED + ": schedulable, plan major frame \\d+, GPU share 45 %, priorities"
                + " \\S+, min slack \\d+; written " + planned + "\n");
        assertThat(p.err()).isEmpty();
    }

    @Test
    void verbose_adds_the_stack_trace_to_the_one_error_line() {
        String[] args = {"optimize", "--windows", "examples/paper-fig1.json", "-o", "-"};
        CliRunner plain = CliRunner.run(args);
        assertThat(plain.code()).isEqualTo(2);
        assertThat(plain.err().lines()).singleElement().asString().contains("no timePartitions");
        CliRunner verbose = CliRunner.run("optimize", "--windows", "examples/paper-fig1.json", "-o", "-", "-v");
        assertThat(verbose.code()).isEqualTo(2);
        assertThat(verbose.err()).startsWith(plain.err()).contains("\tat org.gpusched.");
    }

    @Test
    void allow_external_modules_reads_a_kernel_module_outside_the_folder(@TempDir Path dir) throws Exception {
        Path ts = ExternalModuleWorkload.write(dir);
        CliRunner refused = CliRunner.run("optimize", "--windows", ts.toString(), "-o", "-");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("give --allow-external-modules");
        CliRunner allowed = CliRunner.run("optimize", "--windows", ts.toString(), "-o", "-",
                "--allow-external-modules");
        assertThat(allowed.code()).isEqualTo(2);
        assertThat(allowed.err()).doesNotContain("--allow-external-modules").contains("no timePartitions");
    }
}
