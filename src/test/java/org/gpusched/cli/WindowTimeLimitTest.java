package org.gpusched.cli;

import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A time limit that passes while the window relaxation lists the candidate batches of a large
 * ready set (20 tasks ready at once) ends the analysis inconclusive (exit 3), on one and two
 * threads: it once escaped as an internal error (exit 70).
 */
class WindowTimeLimitTest {
    @Test
    void a_time_limit_inside_the_window_relaxation_is_inconclusive_not_an_internal_error(@TempDir Path dir)
            throws Exception {
        Path set = dir.resolve("n20.json");
        Files.writeString(set, Generator.generate(1, Scenario.LARGE, 1.4, 20, 0).json());
        for (String threads : new String[] {"1", "2"}) {
            CliRunner r = CliRunner.run("analyze", set.toString(), "--threads", threads, "--time-limit", "3s",
                    "--format", "json");
            assertThat(r.code()).as("threads %s: %s", threads, r.err()).isEqualTo(3);
            assertThat(r.out()).contains("\"verdict\":\"inconclusive\"");
        }
    }
}
