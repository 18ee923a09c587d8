package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An over-utilised 16-task set of the paper's workload (U = 1.6) that the window relaxation refutes
 * within the quarter turn it takes before depth-first's first turn: exit 1 on one and two threads,
 * the same JSON report on both, no state of the search spent, and the text report says what decided.
 */
class WindowRelaxationCliTest {
    @Test
    void the_window_relaxation_refutes_before_the_first_dive_and_says_so(@TempDir Path dir) throws Exception {
        Path set = dir.resolve("u16.json");
        Files.writeString(set, Generator.generate(1, Scenario.LARGE, 1.6, 16, 8).json());
        String json = null;
        for (String threads : new String[] {"1", "2"}) {
            CliRunner r = CliRunner.run("analyze", set.toString(), "--threads", threads, "--format", "json");
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            JsonNode n = new ObjectMapper().readTree(r.out());
            assertThat(n.path("foundBy").asText()).isEqualTo("window relaxation");
            assertThat(n.path("stats").path("states").asLong()).isZero();
            assertThat(n.path("witness").path("reasons").get(0).asText()).contains("window relaxation");
            String stable = r.out().replaceAll("\"timeMs\":[0-9.]+", "");
            if (json != null) {
                assertThat(stable).isEqualTo(json);
            }
            json = stable;
        }
        CliRunner text = CliRunner.run("analyze", set.toString());
        assertThat(text.code()).isEqualTo(1);
        assertThat(text.out()).contains("decided by    window relaxation, beside the search");
    }
}
