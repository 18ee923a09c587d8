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
 * Two 32-task sets of the paper's workload at U = 1.6 that every one of the five first greedy
 * policies fails on, and that no search decided within 30 s before the look-ahead policies: each is
 * now decided before any search, with a table the table checker accepts, and the report names the
 * policy.
 */
class LookAheadCliTest {
    @Test
    void a_look_ahead_policy_decides_32_task_sets_the_others_fail_on(@TempDir Path dir) throws Exception {
        String[][] cases = {{"5", "greedy look-ahead least-laxity"}, {"6", "greedy look-ahead shortest-first"}};
        for (String[] c : cases) {
            Path set = dir.resolve("n32-i" + c[0] + ".json");
            Files.writeString(set, Generator.generate(1, Scenario.LARGE, 1.6, 32, Integer.parseInt(c[0])).json());
            Path table = dir.resolve("table-" + c[0] + ".json");
            CliRunner r = CliRunner.run("analyze", set.toString(), "--format", "json", "--table", table.toString(),
                    "--time-limit", "60s");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode n = new ObjectMapper().readTree(r.out());
            assertThat(n.path("foundBy").asText()).isEqualTo(c[1]);
            assertThat(TableChecker.check(new TaskSetReader().read(set), Tables.read(table.toString(),
                    Files.readString(table)))).isEmpty();
            CliRunner text = CliRunner.run("analyze", set.toString(), "--time-limit", "60s");
            assertThat(text.out()).contains("decided by    " + c[1] + ", before any search");
        }
    }
}
