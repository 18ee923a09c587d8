package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two 32-task sets of the paper's workload at U = 1.6 that every greedy policy, the look-ahead
 * ones included, fails on, and that no search decided within 30 s: the randomised restarts decide
 * each before any search, with a table the table checker accepts, and the same call twice prints
 * the same bytes (the restarts count steps, not time).
 */
class RestartsCliTest {
    @Test
    void the_restarts_decide_32_task_sets_every_greedy_policy_fails_on(@TempDir Path dir) throws Exception {
        int[][] cases = {{1, 9}, {2, 2}};
        for (int[] c : cases) {
            Path set = dir.resolve("n32-s" + c[0] + "-i" + c[1] + ".json");
            Files.writeString(set, Generator.generate(c[0], Scenario.LARGE, 1.6, 32, c[1]).json());
            Path table = dir.resolve("table-" + c[0] + "-" + c[1] + ".json");
            CliRunner r = CliRunner.run("analyze", set.toString(), "--format", "json", "--table", table.toString(),
                    "--time-limit", "60s");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode n = new ObjectMapper().readTree(r.out());
            assertThat(n.path("foundBy").asText()).isEqualTo("greedy restarts");
            assertThat(TableChecker.check(new TaskSetReader().read(set), Tables.read(table.toString(),
                    Files.readString(table)))).isEmpty();
            CliRunner text = CliRunner.run("analyze", set.toString(), "--time-limit", "60s", "--threads", "1");
            CliRunner again = CliRunner.run("analyze", set.toString(), "--time-limit", "60s", "--threads", "2");
            assertThat(text.out()).contains("decided by    greedy restarts, before any search");
            assertThat(again.out().replaceAll("time +[0-9.]+ ms", ""))
                    .isEqualTo(text.out().replaceAll("time +[0-9.]+ ms", ""));
        }
    }
}
