package org.gpusched.cli;

import org.gpusched.report.SensitivityReports;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Summaries, suggestions, completion, version; and the sensitivity command's outputs. */
class CliPolishTest {
    @Test
    void every_command_summary_is_a_whole_sentence() {
        List<String> cut = new ArrayList<>();
        walk(Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())), cut);
        assertThat(cut).isEmpty();
    }

    private static void walk(CommandLine cl, List<String> cut) {
        String[] d = cl.getCommandSpec().usageMessage().description();
        String summary = d.length == 0 ? "" : d[0];
        if (!cl.getCommandName().equals("help") && !summary.matches("[A-Z].*[.]")) {
            cut.add(cl.getCommandSpec().qualifiedName() + ": " + summary);
        }
        cl.getSubcommands().values().forEach(c -> walk(c, cut));
    }

    @Test
    void a_mistyped_command_or_option_gets_a_suggestion() {
        CliRunner c = CliRunner.run("analze", "examples/paper-fig1.json");
        assertThat(c.code()).isEqualTo(2);
        assertThat(c.err()).contains("Did you mean", "analyze");
        CliRunner o = CliRunner.run("analyze", "examples/paper-fig1.json", "--tabel", "t.json");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("--table");
    }

    @Test
    void completion_scripts_for_bash_and_zsh_know_every_command() {
        for (String shell : new String[] {"bash", "zsh"}) {
            CliRunner r = CliRunner.run("completion", shell);
            assertThat(r.code()).isZero();
            assertThat(r.out()).contains("complete -F", "analyze", "sensitivity", "--time-limit");
        }
        assertThat(CliRunner.run("completion", "fish").code()).isEqualTo(2);
    }

    /**
     * The completion script offers each enum option's constants as picocli names them
     * (TIME_TRIGGERED); every value it offers must be one the command accepts.
     */
    @Test
    void every_value_the_completion_script_offers_is_accepted() {
        List<String> refused = new ArrayList<>();
        int[] tried = {0};
        CommandLine root = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        offered(root, root, new ArrayList<>(), refused, tried);
        assertThat(tried[0]).as("values tried").isGreaterThan(100);
        assertThat(refused).isEmpty();
    }

    private static void offered(CommandLine root, CommandLine cl, List<String> path, List<String> refused,
                                int[] tried) {
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            if (o.completionCandidates() == null || o.hidden()) {
                continue;
            }
            for (String value : o.completionCandidates()) {
                List<String> args = new ArrayList<>(path);
                args.addAll(List.of(o.longestName(), value, "--help"));
                tried[0]++;
                // Parsing is where a value is converted (and refused); --help spares the required options.
                try {
                    root.parseArgs(args.toArray(String[]::new));
                } catch (CommandLine.ParameterException e) {
                    refused.add(String.join(" ", args) + ": " + e.getMessage());
                }
            }
        }
        cl.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                List<String> deeper = new ArrayList<>(path);
                deeper.add(name);
                offered(root, sub, deeper, refused, tried);
            }
        });
    }

    @Test
    void an_unknown_variant_is_a_usage_error_in_analyze_and_the_gcaps_sweep() {
        for (String[] args : new String[][] {{"analyze", "examples/gcaps-example-2.json", "--method", "gcaps-busy",
                "--variant", "bogus"}, {"experiment", "gcaps", "--variant", "bogus", "--out", "unused"}}) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("'bogus' is not one of paper, artifact, safe");
        }
    }

    @Test
    void an_unknown_scenario_is_a_usage_error_in_every_command_that_takes_one() {
        String[][] runs = {
            {"bench", "--scenario", "huge", "--tasks", "3", "--sets", "1"},
            {"bench", "--hard-sets", "--scenario", "huge", "--tasks", "3", "--sets", "1"},
            {"generate", "--scenario", "huge", "-u", "1"},
            {"experiment", "runtime", "--scenario", "huge", "--out", "unused"},
            {"experiment", "graph-size", "--scenario", "huge", "--out", "unused"},
            {"experiment", "schedulability", "--scenarios", "small,huge", "--out", "unused"},
        };
        for (String[] args : runs) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).contains("'huge' is not one of small, large, mixed")
                    .doesNotContain("internal error");
        }
    }

    @Test
    void version_names_the_commit_and_its_date_from_the_build() {
        String v = CliRunner.run("--version").out();
        // The build writes them from git (pom.xml, build-info); a source tarball says "unknown".
        assertThat(v).containsPattern("commit ([0-9a-f]{40}(\\+changes)?|unknown), (\\d{4}-\\d\\d-\\d\\dT\\S+|unknown)");
        assertThat(CliRunner.run("--version").out()).isEqualTo(v);
    }

    @Test
    void sensitivity_prints_margins_in_text_json_and_csv() throws Exception {
        String file = "examples/jetson-orin-perception.json";
        CliRunner t = CliRunner.run("sensitivity", file);
        assertThat(t.code()).isZero();
        assertThat(t.out()).startsWith(file + ": schedulable; all WCETs x 1.")
                .contains("max wcet (us)", "det_backbone");
        JsonNode j = new ObjectMapper().readTree(CliRunner.run("sensitivity", file, "--format", "json").out());
        assertThat(j.path("allTasks").path("conclusive").asBoolean()).isTrue();
        assertThat(j.path("allTasks").path("factor").decimalValue()).isGreaterThan(java.math.BigDecimal.ONE);
        assertThat(j.path("tasks")).hasSize(6);
        for (JsonNode task : j.path("tasks")) {
            assertThat(task.path("maxWcet").asLong()).isGreaterThanOrEqualTo(task.path("wcet").asLong());
            assertThat(task.path("notSchedulableAt").asLong()).isEqualTo(task.path("maxWcet").asLong() + 1);
        }
        List<String> csv = CliRunner.run("sensitivity", file, "--format", "csv").out().lines().toList();
        assertThat(csv.get(0)).isEqualTo(SensitivityReports.CSV_HEADER);
        assertThat(csv).hasSize(1 + 1 + 6);
        CliRunner budget = CliRunner.run("sensitivity", file, "--max-states", "3");
        assertThat(budget.code()).isEqualTo(3);
    }
}
