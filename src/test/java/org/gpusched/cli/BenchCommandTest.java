package org.gpusched.cli;

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
        for (String key : new String[] {"tasks", "utilization", "sets", "decided", "medianMs", "p95Ms", "vertices",
                "ratioVsNoMerge", "vertexRatioVsNoMerge", "feasible", "infeasible", "peakHeapMiB"}) {
            assertThat(p.has(key)).as(key).isTrue();
        }
        assertThat(p.get("tasks").asInt()).isEqualTo(4);
        assertThat(p.get("sets").asInt()).isEqualTo(3);
        assertThat(p.get("decided").asInt()).isEqualTo(3);
        assertThat(p.get("feasible").asInt() + p.get("infeasible").asInt()).isEqualTo(3);
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
        assertThat(csv.out().lines().findFirst().orElseThrow()).startsWith("tasks,utilization,sets,decided");
    }
}
