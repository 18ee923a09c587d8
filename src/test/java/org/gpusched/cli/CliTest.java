package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.explore.PaperExamplesTestAccess;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CliTest {
    private static final String FIG1 = "examples/paper-fig1.json";
    private static final String EX21 = "examples/paper-example-2-1.json";
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void version_and_help() {
        assertThat(CliRunner.run("--version").code()).isZero();
        assertThat(CliRunner.run("--version").out()).startsWith("gpusched ");
        CliRunner help = CliRunner.run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("analyze", "validate", "compare", "oracle", "presets", "schema", "Examples");
    }

    @ParameterizedTest
    @ValueSource(strings = {"validate", "analyze", "compare", "oracle", "presets", "schema", "sensitivity", "completion"})
    void every_command_has_help_with_examples(String cmd) {
        CliRunner r = CliRunner.run(cmd, "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage:", "Examples:");
    }

    @Test
    void every_help_text_renders_without_picocli_warnings() {
        // picocli formats help with String.format and reports a stray '%' on System.err.
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            render(Main.commandLine(new java.io.PrintWriter(new java.io.StringWriter()),
                    new java.io.PrintWriter(new java.io.StringWriter())));
        } finally {
            System.setErr(saved);
        }
        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
    }

    private static void render(picocli.CommandLine cl) {
        assertThat(cl.getUsageMessage()).contains("Usage:");
        cl.getSubcommands().values().forEach(CliTest::render);
    }

    @Test
    void usage_errors_exit_2() {
        assertThat(CliRunner.run().code()).isEqualTo(2);
        assertThat(CliRunner.run("analyze").code()).isEqualTo(2);
        CliRunner r = CliRunner.run("analyze", FIG1, "--merge", "sometimes");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("'sometimes' is not one of none, exact, domination");
        assertThat(CliRunner.run("analyze", FIG1, "--bogus").code()).isEqualTo(2);
    }

    @Test
    void validate_summarises_each_file() {
        CliRunner r = CliRunner.run("validate", FIG1, EX21);
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("paper-fig1.json: ok", "hyperperiod 20", "jobs 11", "utilisation 1.1500");
    }

    @Test
    void bad_input_is_one_line_without_stack_trace_unless_verbose(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"tasks\": [{\"name\": \"a\", \"period\": -4, \"wcet\": 1}]}");
        CliRunner r = CliRunner.run("analyze", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains(bad.toString(), "tasks[0].period", "must be > 0").doesNotContain("Exception");
        CliRunner v = CliRunner.run("oracle", bad.toString(), "--batch", "a", "--verbose");
        assertThat(v.code()).isEqualTo(2);
        assertThat(v.err()).contains("InputException");
    }

    @Test
    void analyze_prints_verdict_stats_and_table() {
        CliRunner r = CliRunner.run("analyze", FIG1);
        assertThat(r.code()).isZero();
        // Verdict and margins first; graph statistics only with --stats or --verbose, so the summary stays short.
        assertThat(r.out()).startsWith(FIG1 + ": schedulable, least slack 0 tick (tau1#0)\n")
                .contains("hyperperiod 20", "worst response (tick)", "table (", "start (tick)", "tau1#0")
                .doesNotContain("vertices");
        for (String flag : new String[] {"--stats", "--verbose"}) {
            assertThat(CliRunner.run("analyze", FIG1, flag).out()).contains("vertices", "merges", "splits",
                    "fast-forwards", "time ");
        }
    }

    @Test
    void analyze_json_has_the_documented_keys_and_a_valid_table() throws Exception {
        CliRunner r = CliRunner.run("analyze", FIG1, "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode o = M.readTree(r.out());
        assertThat(o.get("file").asText()).isEqualTo(FIG1);
        assertThat(o.get("schedulable").asBoolean()).isTrue();
        assertThat(o.has("method") && o.has("stats") && o.has("table") && o.has("witness")).isTrue();
        assertThat(o.get("stats").get("vertices").asLong()).isPositive();
        SchedulingTable t = Tables.read("stdout", o.get("table").toString());
        assertThat(TableChecker.check(new TaskSetReader().read(Path.of(FIG1)), t)).isEmpty();
    }

    @Test
    void several_files_give_json_lines_and_the_worst_exit_code() throws Exception {
        CliRunner r = CliRunner.run("analyze", FIG1, EX21, "--format", "json", "--method", "edf-serial");
        assertThat(r.code()).isEqualTo(1);
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(M.readTree(lines[0]).get("schedulable").asBoolean()).isFalse();
        assertThat(M.readTree(lines[1]).get("schedulable").asBoolean()).isTrue();
    }

    @Test
    void csv_has_a_header_and_a_row_per_file() {
        CliRunner r = CliRunner.run("analyze", FIG1, EX21, "--format", "csv");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().toList()).hasSize(3).first().asString().startsWith("file,name,method,verdict");
    }

    @Test
    void baselines_explain_their_misses() {
        CliRunner r = CliRunner.run("analyze", FIG1, "--method", "edf-serial", "--stats");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("not schedulable", "simulation    11 frames", "first miss",
                "tau2#1 (released 5, deadline 10) finishes at 11").doesNotContain("vertices");
        assertThat(CliRunner.run("analyze", FIG1, "--method", "edf-parallel").code()).isEqualTo(1);
        assertThat(CliRunner.run("analyze", FIG1, "--method", "brute-force").code()).isZero();
    }

    @Test
    void a_tiny_budget_exits_3_with_statistics(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.json");
        Files.writeString(big, PaperExamplesTestAccess.bigTaskSet());
        // --no-greedy: a greedy policy schedules this set before any state is kept.
        CliRunner r = CliRunner.run("analyze", big.toString(), "--max-states", "20", "--format", "json",
                "--no-greedy");
        assertThat(r.code()).isEqualTo(3);
        JsonNode o = M.readTree(r.out());
        assertThat(o.get("schedulable").isNull()).isTrue();
        assertThat(o.get("stats").get("states").asLong()).isGreaterThan(20);
        assertThat(o.get("note").asText()).contains("state budget");
    }

    @Test
    void table_to_stdout_moves_the_report_to_stderr(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("analyze", FIG1, "--table", "-", "--no-timing");
        assertThat(r.code()).isZero();
        SchedulingTable t = Tables.read("-", r.out());
        assertThat(t.entries()).isNotEmpty();
        assertThat(r.err()).contains("schedulable");
        Path csv = dir.resolve("t.csv");
        assertThat(CliRunner.run("analyze", FIG1, "--table", csv.toString(), "--table-format", "csv").code()).isZero();
        assertThat(Files.readString(csv)).startsWith("start,end,position,task,job,stream");
        // Deterministic: the same table twice.
        assertThat(CliRunner.run("analyze", FIG1, "--table", "-", "--no-timing").out()).isEqualTo(r.out());
    }

    @Test
    void graph_export_in_dot_and_graphml(@TempDir Path dir) throws Exception {
        Path dot = dir.resolve("g.dot");
        assertThat(CliRunner.run("analyze", FIG1, "--graph", dot.toString()).code()).isZero();
        assertThat(Files.readString(dot)).contains("digraph", "ready={", "dom=[", "->");
        Path gml = dir.resolve("g.graphml");
        assertThat(CliRunner.run("analyze", FIG1, "--graph", gml.toString()).code()).isZero();
        assertThat(Files.readString(gml)).contains("<graphml", "<edge");
    }

    @Test
    void compare_json_has_all_three_methods() throws Exception {
        CliRunner r = CliRunner.run("compare", FIG1, "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode o = M.readTree(r.out());
        assertThat(o.get("gpusched").get("schedulable").asBoolean()).isTrue();
        assertThat(o.get("edfSerial").get("schedulable").asBoolean()).isFalse();
        assertThat(o.get("edfSerial").get("misses").get(0).get("task").asText()).isEqualTo("tau2");
        assertThat(o.get("edfParallel").get("misses").size()).isPositive();
    }

    @Test
    void oracle_shows_placement_and_exit_code() {
        CliRunner ok = CliRunner.run("oracle", EX21, "--batch", "J2,J1");
        assertThat(ok.code()).isZero();
        assertThat(ok.out()).contains("eligible", "J1 blocks -> SM 1: 4");
        CliRunner no = CliRunner.run("oracle", EX21, "--batch", "J1,J2");
        assertThat(no.code()).isEqualTo(1);
        assertThat(no.out()).contains("NOT eligible", "block 0 of J2 fits on no SM");
        assertThat(CliRunner.run("oracle", EX21, "--batch", "J3").code()).isEqualTo(2);
    }

    @Test
    void presets_and_schema() throws Exception {
        CliRunner p = CliRunner.run("presets");
        assertThat(p.code()).isZero();
        assertThat(p.out()).contains("jetson-agx-orin-64gb", "h100-sxm", "paper-8sm");
        assertThat(CliRunner.run("presets", "--format", "json").out().lines()).hasSize(19); // JSON Lines
        JsonNode schema = M.readTree(CliRunner.run("schema").out());
        assertThat(schema.get("$schema").asText()).contains("2020-12");
        assertThat(schema.get("properties").has("tasks")).isTrue();
    }
}
