package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.ExitCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --engine} in the commands beside {@code analyze} that accept it: each asks the PBS
 * question through the same front door, so the engine named is the engine that answers. The solver
 * (one worker: reproducible) finds another table than the graph search on rtx4090-inference, and
 * leaves paper-fig1 inconclusive where the graph search decides it, which makes the engine visible.
 */
class EngineCommandsTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String RTX = "examples/rtx4090-inference.json";
    private static final String FIG1 = "examples/paper-fig1.json";

    @Test
    void diff_analyses_a_task_set_with_the_engine_named(@TempDir Path dir) throws Exception {
        Path graph = Files.writeString(dir.resolve("graph.json"),
                CliRunner.run("analyze", RTX, "--format", "json").out());
        Path solver = Files.writeString(dir.resolve("solver.json"),
                CliRunner.run("analyze", RTX, "--engine", "solver", "--threads", "1", "--format", "json").out());
        assertThat(identical("diff", RTX, graph.toString())).isTrue();
        assertThat(identical("diff", RTX, solver.toString())).isFalse();
        assertThat(identical("diff", RTX, solver.toString(), "--engine", "solver", "--threads", "1")).isTrue();
        assertThat(identical("diff", RTX, graph.toString(), "--engine", "solver", "--threads", "1")).isFalse();
    }

    @Test
    void loop_analyses_each_round_with_the_engine_named(@TempDir Path dir) {
        CliRunner graph = CliRunner.run("loop", FIG1, "--device", "sim", "--out", dir.resolve("g.json").toString());
        assertThat(graph.code()).isZero();
        assertThat(graph.out()).contains("round 1: schedulable");
        CliRunner solver = CliRunner.run("loop", FIG1, "--device", "sim", "--engine", "solver", "--threads", "1",
                "--out", dir.resolve("s.json").toString());
        assertThat(solver.code()).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(solver.out()).contains("round 1: inconclusive");
    }

    @Test
    void the_plan_loop_which_answers_no_pbs_question_refuses_an_engine(@TempDir Path dir) {
        CliRunner r = CliRunner.run("loop", FIG1, "--plan", "--device", "sim", "--sim-timing", FIG1,
                "--engine", "solver", "--out", dir.resolve("p.json").toString());
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("loop --plan does not use --engine");
    }

    @Test
    void sensitivity_bisects_with_the_engine_named() {
        CliRunner graph = CliRunner.run("sensitivity", FIG1);
        assertThat(graph.code()).isZero();
        assertThat(graph.out()).contains("paper-fig1.json: schedulable");
        CliRunner solver = CliRunner.run("sensitivity", FIG1, "--engine", "solver", "--threads", "1");
        assertThat(solver.code()).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(solver.out()).contains("paper-fig1.json: inconclusive", "factor 1.0000 is not proven");
    }

    @Test
    void compare_answers_the_pbs_row_with_the_engine_named() throws Exception {
        CliRunner graph = CliRunner.run("compare", FIG1, "--methods", "gpusched", "--format", "json");
        CliRunner solver = CliRunner.run("compare", FIG1, "--methods", "gpusched", "--engine", "solver", "--threads", "1",
                "--format", "json");
        assertThat(graph.out()).contains("\"verdict\":\"schedulable\"");
        assertThat(solver.out()).contains("\"verdict\":\"inconclusive\"").doesNotContain("\"verdict\":\"schedulable\"");
    }

    /** Whether a diff's two tables are identical. */
    private static boolean identical(String... args) throws Exception {
        String[] json = new String[args.length + 2];
        System.arraycopy(args, 0, json, 0, args.length);
        json[args.length] = "--format";
        json[args.length + 1] = "json";
        CliRunner r = CliRunner.run(json);
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isZero();
        JsonNode o = M.readTree(r.out());
        return o.path("table").path("identical").asBoolean();
    }
}
