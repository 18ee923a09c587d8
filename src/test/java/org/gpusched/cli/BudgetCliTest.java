package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * --time-limit and --max-states bind every method, mean the same in every command,
 * and huge durations do not overflow; an out-of-memory inside a method is exit 3,
 * and --graph --force after one does not crash.
 */
class BudgetCliTest {
    private static final String FIG1 = "examples/paper-fig1.json";
    /** 64 tasks all released at 0, no GPU limits: one state with 2^64 candidate batches. */
    private static final String WIDE = "src/test/resources/cases/wide-64-tasks.json";
    /** The same on an H100 preset: every candidate set needs a block placement. */
    private static final String WIDE_GPU = "src/test/resources/cases/wide-64-tasks-h100.json";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"--time-limit=0s", "--time-limit=0ms", "--time-limit=PT0S", "--time-limit=-PT1S",
            "--max-states=0", "--max-states=-1"})
    void zero_or_negative_budgets_are_refused_in_every_command(String option) {
        List<String[]> commands = List.of(
                new String[] {"analyze", FIG1, option},
                new String[] {"analyze", FIG1, "--method", "edf-parallel", option},
                new String[] {"analyze", FIG1, "--method", "brute-force", option},
                new String[] {"compare", FIG1, option},
                new String[] {"bench", "--tasks", "2", "--sets", "1", option});
        for (String[] args : commands) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(r.err()).contains("positive");
        }
        if (option.startsWith("--max-states")) {
            CliRunner r = CliRunner.run("experiment", "graph-size", "--out", dir.toString(), option);
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        } else {
            CliRunner r = CliRunner.run("experiment", "schedulability", "--out", dir.toString(), option);
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999h", "9223372036854775807ms", "PT2562047788015215H"})
    void huge_durations_do_not_overflow(String limit) {
        for (String m : new String[] {"gpusched", "brute-force", "edf-serial", "edf-parallel"}) {
            CliRunner r = CliRunner.run("analyze", FIG1, "--method", m, "--time-limit", limit, "-q");
            assertThat(r.code()).as(m + ": " + r.err()).isIn(ExitCodes.OK, ExitCodes.NOT_SCHEDULABLE);
        }
        assertThat(CliRunner.run("compare", FIG1, "--time-limit", limit).code()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void the_state_budget_binds_every_method() {
        for (String m : new String[] {"gpusched", "brute-force", "edf-serial", "edf-parallel"}) {
            CliRunner r = CliRunner.run("analyze", FIG1, "--method", m, "--max-states", "2");
            assertThat(r.code()).as(m + ": " + r.out() + r.err()).isEqualTo(ExitCodes.INCONCLUSIVE);
            assertThat(r.out()).contains("state budget of 2");
        }
        CliRunner c = CliRunner.run("compare", FIG1, "--max-states", "2", "--format", "csv",
                "--methods", "gpusched,brute-force,edf-serial,edf-parallel");
        assertThat(c.code()).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(c.out().lines().skip(1).toList()).hasSize(4).allMatch(l -> l.contains(",inconclusive,"));
    }

    /**
     * The time limit binds inside one state of 64 ready tasks (the oracle's batch enumeration,
     * brute force's orders). The 60 s bound only guards against the old behaviour (running on
     * for minutes past the limit); it is not a performance target.
     */
    @Test
    void the_time_limit_binds_inside_one_wide_state() {
        for (String set : new String[] {WIDE, WIDE_GPU}) {
            for (String m : new String[] {"gpusched", "brute-force"}) {
                CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(60),
                        // Breadth-first and no greedy runs: a greedy policy, or depth-first's lazy walk of
                        // the wide state, now schedules the set within the limit.
                        () -> CliRunner.run("analyze", set, "--method", m, "--time-limit", "300ms", "-q",
                                "--no-greedy", "--search", "bfs"));
                assertThat(r.code()).as(set + " " + m + ": " + r.out() + r.err()).isEqualTo(ExitCodes.INCONCLUSIVE);
                assertThat(r.out()).contains("time limit of 300 ms");
            }
        }
        CliRunner c = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> CliRunner.run("compare", WIDE_GPU, "--time-limit", "300ms"));
        assertThat(c.code()).isEqualTo(ExitCodes.INCONCLUSIVE);
    }

    /** Out of memory inside a method is inconclusive (3), never 1; --graph --force after it writes nothing and says so. */
    @Test
    void out_of_memory_is_inconclusive_and_the_graph_export_survives_it() throws Exception {
        Path graph = dir.resolve("g.dot");
        Proc p = java("-Xmx24m", "analyze", WIDE, "--graph", graph.toString(), "--force", "-q");
        assertThat(p.code).as(p.output).isEqualTo(ExitCodes.INCONCLUSIVE);
        assertThat(p.output).contains("out of memory").contains("no graph written").doesNotContain("internal error");
        assertThat(graph).doesNotExist();
        Proc b = java("-Xmx24m", "analyze", WIDE, "--method", "brute-force", "--time-limit", "1s", "-q");
        assertThat(b.code).as(b.output).isEqualTo(ExitCodes.INCONCLUSIVE);
    }

    private record Proc(int code, String output) { }

    private static Proc java(String xmx, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                xmx, "-cp", System.getProperty("java.class.path"), "org.gpusched.cli.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no answer within 120 s: " + cmd);
        }
        return new Proc(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
    /**
     * A 24-task set of the paper's workload at U = 1.4: its checks before the search (the greedy
     * runs) outlast a short limit, which ended in an internal error (exit 70) when they ran out
     * of time. Every engine is inconclusive then, exit 3.
     */
    @ParameterizedTest
    @ValueSource(strings = {"graph", "auto", "portfolio"})
    void a_limit_that_ends_before_the_search_begins_is_inconclusive(String engine) throws IOException {
        Path set = Files.writeString(dir.resolve("h24.json"), org.gpusched.experiment.Generator.generate(1,
                org.gpusched.experiment.Scenario.LARGE, 1.4, 24, 0).json());
        int inconclusive = 0;
        for (String limit : new String[] {"1ms", "5ms"}) {
            for (String threads : new String[] {"1", "2"}) {
                CliRunner r = CliRunner.run("analyze", set.toString(), "--engine", engine, "--time-limit", limit,
                        "--threads", threads);
                // A warm JVM may decide within 5 ms; what it may not do is fail.
                assertThat(r.code()).as(engine + " " + limit + " " + threads + ": " + r.err()).isIn(0, 1, 3);
                assertThat(r.err()).doesNotContain("internal error");
                inconclusive += r.code() == 3 ? 1 : 0;
            }
        }
        assertThat(inconclusive).as("runs that ran out of time").isPositive();
    }
}
