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

    private static String[] concat(String first, java.util.List<String> rest) {
        java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(first));
        all.addAll(rest);
        return all.toArray(String[]::new);
    }
}
