package org.gpusched.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code analyze --engine}: the field only where asked for, the solver reproducible, the portfolio exact. */
class EngineCliTest {
    private static final String SCHEDULABLE = "examples/contending-kinds.json";
    private static final String NOT_SCHEDULABLE = "src/test/resources/cases/edf-job-order.json";

    @Test
    void the_default_report_names_no_engine() {
        CliRunner r = CliRunner.run("analyze", SCHEDULABLE, "--no-timing");
        assertThat(r.code()).isZero();
        assertThat(r.out()).doesNotContain("engine");
        CliRunner json = CliRunner.run("analyze", SCHEDULABLE, "--no-timing", "--format", "json");
        assertThat(json.out()).doesNotContain("\"engine\"");
    }

    @Test
    void the_solver_engine_decides_both_ways_and_gives_the_same_bytes_twice() {
        CliRunner yes = CliRunner.run("analyze", SCHEDULABLE, "--engine", "solver", "--threads", "1", "--no-timing");
        assertThat(yes.code()).isZero();
        assertThat(yes.out()).contains("  engine        solver");
        assertThat(CliRunner.run("analyze", SCHEDULABLE, "--engine", "solver", "--threads", "1", "--no-timing").out())
                .isEqualTo(yes.out());
        CliRunner no = CliRunner.run("analyze", NOT_SCHEDULABLE, "--engine", "solver", "--threads", "1",
                "--format", "json", "--no-timing");
        assertThat(no.code()).isEqualTo(1);
        assertThat(no.out()).contains("\"engine\":\"solver\"");
        assertThat(CliRunner.run("analyze", NOT_SCHEDULABLE, "--engine", "solver", "--threads", "1", "--no-timing")
                .out()).contains("  witness       refuted by the solver engine:\n    - no placement of the kernels");
    }

    @Test
    void the_portfolio_gives_the_graph_search_verdict() {
        for (String f : new String[] {SCHEDULABLE, NOT_SCHEDULABLE, "examples/paper-fig1.json",
            "src/test/resources/cases/timing-anomaly.json"}) {
            int graph = CliRunner.run("analyze", f, "--no-timing").code();
            for (String engine : new String[] {"portfolio", "auto"}) {
                CliRunner r = CliRunner.run("analyze", f, "--engine", engine, "--threads", "2", "--format", "json",
                        "--no-timing");
                assertThat(r.code()).as("%s --engine %s", f, engine).isEqualTo(graph);
                assertThat(r.out()).containsPattern("\"engine\":\"(graph|solver)\"");
            }
        }
        // auto on one or two threads is the graph search, reported as such.
        for (String threads : new String[] {"1", "2"}) {
            assertThat(CliRunner.run("analyze", SCHEDULABLE, "--engine", "auto", "--threads", threads, "--no-timing")
                    .out()).contains("  engine        graph");
        }
    }

    @Test
    void an_unknown_engine_is_a_usage_error() {
        CliRunner r = CliRunner.run("analyze", SCHEDULABLE, "--engine", "sat");
        assertThat(r.code()).isEqualTo(2);
    }
}
