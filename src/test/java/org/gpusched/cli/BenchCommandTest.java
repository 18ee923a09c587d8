package org.gpusched.cli;

import org.gpusched.report.BenchReports;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BenchCommandTest {
    @Test
    void json_has_the_documented_keys_per_point() throws Exception {
        CliRunner r = CliRunner.run("bench", "--tasks", "3,4", "--utilizations", "0.6", "--sets", "3",
                "--warmup", "0", "--format", "json");
        assertThat(r.code()).isZero();
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(2);
        JsonNode p = new ObjectMapper().readTree(lines[1]);
        // The field names of docs/report-format.md: times in timeUnit, "schedulable" for the verdict.
        java.util.List<String> keys = new java.util.ArrayList<>();
        p.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly(concat("reportVersion", BenchReports.COLUMNS));
        assertThat(p.get("timeUnit").asText()).isEqualTo("ms");
        assertThat(p.get("tasks").asInt()).isEqualTo(4);
        assertThat(p.get("sets").asInt()).isEqualTo(3);
        assertThat(p.get("decided").asInt()).isEqualTo(3);
        assertThat(p.get("schedulableSets").asInt() + p.get("notSchedulableSets").asInt()).isEqualTo(3);
        assertThat(p.get("noMergeCompared").asInt()).isPositive();
        // The three shares of the analyses' time are fractions that add up to the whole.
        double shares = p.get("checksShare").asDouble() + p.get("boundShare").asDouble()
                + p.get("expansionShare").asDouble();
        assertThat(shares).isBetween(0.99, 1.01);
        assertThat(p.get("boundShare").asDouble()).isBetween(0.0, 1.0);
    }

    @Test
    void text_and_csv_have_headers() {
        CliRunner text = CliRunner.run("bench", "--tasks", "3", "--utilizations", "1.0", "--sets", "2", "--warmup", "0",
                "--no-compare");
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("median ms", "decided");
        CliRunner csv = CliRunner.run("bench", "--tasks", "3", "--utilizations", "1.0", "--sets", "2", "--warmup", "0",
                "--format", "csv");
        // CSV columns are the JSON field names (docs/report-format.md).
        assertThat(csv.out().lines().findFirst().orElseThrow()).isEqualTo(String.join(",", BenchReports.COLUMNS));
        assertThat(csv.out().lines().skip(1).findFirst().orElseThrow()).startsWith("ms,3,1.000,2,");
    }

    /** The hard-set table: a row per point, engine and thread count, the verdicts adding up, the same sets each time. */
    @Test
    void hard_sets_give_one_row_per_engine_and_thread_count() throws Exception {
        CliRunner r = CliRunner.run("bench", "--hard-sets", "--tasks", "3", "--utilizations", "0.8,1.2", "--sets", "3",
                "--engines", "graph,solver", "--threads", "2", "--warmup", "0", "--time-limit", "20s", "--format", "json");
        assertThat(r.code()).isZero();
        String[] lines = r.out().strip().split("\n");
        assertThat(lines).hasSize(8);
        ObjectMapper m = new ObjectMapper();
        java.util.List<String> keys = new java.util.ArrayList<>();
        m.readTree(lines[0]).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly(concat("reportVersion", BenchReports.HARD_SET_COLUMNS));
        java.util.Map<String, Integer> decided = new java.util.HashMap<>();
        for (String line : lines) {
            JsonNode p = m.readTree(line);
            assertThat(p.get("sets").asInt()).isEqualTo(3);
            assertThat(p.get("schedulableSets").asInt() + p.get("notSchedulableSets").asInt())
                    .isEqualTo(p.get("decided").asInt());
            // The graph search never counts a verdict of the solver engine; the solver alone gives all of its own.
            int bySolver = p.get("decidedBySolver").asInt();
            assertThat(bySolver).isEqualTo(p.get("engine").asText().equals("solver") ? p.get("decided").asInt() : 0);
            decided.merge(p.get("utilization").asText() + "/" + p.get("engine").asText(), p.get("decided").asInt(),
                    Integer::sum);
        }
        assertThat(r.out()).contains("\"threads\":1", "\"threads\":2");
        // Small sets: the graph search decides every one, at both thread counts.
        assertThat(decided.get("0.8/graph")).isEqualTo(6);
        assertThat(decided.get("1.2/graph")).isEqualTo(6);
        CliRunner text = CliRunner.run("bench", "--hard-sets", "--tasks", "3", "--utilizations", "0.8", "--sets", "1",
                "--engines", "graph", "--threads", "1", "--warmup", "0");
        assertThat(text.out()).contains("engine", "threads", "decided").contains(" graph ");
        assertThat(text.out().strip().split("\n")).hasSize(2);
    }

    private static String[] concat(String first, java.util.List<String> rest) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(first));
        all.addAll(rest);
        return all.toArray(String[]::new);
    }
}
