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
