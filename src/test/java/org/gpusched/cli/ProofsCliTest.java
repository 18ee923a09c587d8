package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.explore.result.RefutationBug;
import org.gpusched.model.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code analyze}: every "not schedulable" of gpusched names its proof and how it was re-checked
 * (docs/explorer.md, "Refutations re-checked"), in the JSON report and in one line of the text
 * report; no other verdict carries the fields.
 */
class ProofsCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    /** Two tasks that need 6 of every 4 ticks, one kernel resident at a time: the demand bound's case. */
    private static final String OVERLOAD = "{\"formatVersion\":1,\"name\":\"overload\",\"tasks\":["
            + "{\"name\":\"a\",\"period\":4,\"deadline\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32}},"
            + "{\"name\":\"b\",\"period\":4,\"deadline\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":32}}],"
            + "\"gpu\":{\"maxResidentKernels\":1}}";

    private static Path overload(Path dir) throws Exception {
        Path f = dir.resolve("overload.json");
        Files.writeString(f, OVERLOAD);
        return f;
    }

    private static JsonNode json(CliRunner r) throws Exception {
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        return M.readTree(r.out());
    }

    @Test
    void the_demand_bound_names_its_interval_and_is_recomputed(@TempDir Path dir) throws Exception {
        Path f = overload(dir);
        JsonNode n = json(CliRunner.run("analyze", f.toString(), "--format", "json"));
        assertThat(n.path("proof").asText()).isEqualTo("demand bound");
        assertThat(n.path("proofInterval").path("from").asLong()).isZero();
        assertThat(n.path("proofInterval").path("to").asLong()).isEqualTo(4);
        assertThat(n.path("confirmation").asText()).isEqualTo("confirmed");
        assertThat(n.has("proofWindow")).isFalse();
        assertThat(CliRunner.run("analyze", f.toString()).out())
                .contains("\n  proof         demand bound over [0, 4]: recomputed independently\n");
    }

    @Test
    void the_solver_refutation_is_confirmed_by_the_exhaustive_search(@TempDir Path dir) throws Exception {
        Path f = overload(dir);
        JsonNode n = json(CliRunner.run("analyze", f.toString(), "--engine", "solver", "--threads", "1",
                "--format", "json"));
        assertThat(n.path("engine").asText()).isEqualTo("solver");
        assertThat(n.path("proof").asText()).isEqualTo("solver");
        assertThat(n.path("confirmation").asText()).isEqualTo("confirmed");
        assertThat(CliRunner.run("analyze", f.toString(), "--engine", "solver", "--threads", "1").out())
                .contains("\n  proof         solver: confirmed by the exhaustive search\n");
    }

    @Test
    void the_exhaustive_search_is_its_own_reference(@TempDir Path dir) throws Exception {
        Path f = overload(dir);
        JsonNode n = json(CliRunner.run("analyze", f.toString(), "--no-greedy", "--format", "json"));
        assertThat(n.path("proof").asText()).isEqualTo("exhaustive search");
        assertThat(n.has("confirmation")).isFalse();
        assertThat(n.has("proofInterval")).isFalse();
        assertThat(CliRunner.run("analyze", f.toString(), "--no-greedy").out())
                .contains("\n  proof         exhaustive search: the graph search exhausted\n");
    }

    @Test
    void the_window_relaxation_names_its_window_and_a_re_check_out_of_states_says_so(@TempDir Path dir)
            throws Exception {
        Path set = dir.resolve("u16.json");
        Files.writeString(set, Generator.generate(1, Scenario.LARGE, 1.6, 16, 8).json());
        // The relaxation refutes before the search spends a state; the re-check's 1,000 cannot decide 16 tasks.
        JsonNode n = json(CliRunner.run("analyze", set.toString(), "--max-states", "1000", "--format", "json"));
        assertThat(n.path("proof").asText()).isEqualTo("window relaxation");
        Matcher w = Pattern.compile("due by ([0-9]+) ").matcher(n.path("witness").path("reasons").get(0).asText());
        assertThat(w.find()).isTrue();
        assertThat(n.path("proofWindow").asLong()).isEqualTo(Long.parseLong(w.group(1)));
        assertThat(n.path("confirmation").asText()).isEqualTo("unconfirmed: budget");
        assertThat(CliRunner.run("analyze", set.toString(), "--max-states", "1000").out())
                .contains("\n  proof         window relaxation, window W = " + w.group(1) + ": unconfirmed: budget (the"
                        + " exhaustive search's budget ran out before it re-decided)\n");
    }

    @Test
    void no_other_verdict_or_method_carries_a_proof() throws Exception {
        CliRunner yes = CliRunner.run("analyze", "examples/paper-fig1.json", "--format", "json");
        assertThat(yes.code()).isZero();
        assertThat(yes.out()).doesNotContain("\"proof").doesNotContain("\"confirmation\"");
        CliRunner edf = CliRunner.run("analyze", "examples/paper-fig1.json", "--method", "edf-serial", "--format",
                "json");
        assertThat(edf.code()).isEqualTo(1);
        assertThat(edf.out()).doesNotContain("\"proof").doesNotContain("\"confirmation\"");
    }

    @Test
    void a_refutation_its_re_check_contradicts_is_an_internal_error_in_one_line() {
        StringWriter err = new StringWriter();
        int code = JvmErrors.report(new PrintWriter(err), "ts.json", new RefutationBug("the window relaxation refuted"
                + " the set, yet the exhaustive search found a schedule: a bug in the refutation, so no verdict"), false);
        assertThat(code).isEqualTo(ExitCodes.INTERNAL);
        assertThat(err.toString().lines()).singleElement().asString()
                .startsWith("ts.json: internal error: ").contains("exhaustive search found a schedule");
    }
}
