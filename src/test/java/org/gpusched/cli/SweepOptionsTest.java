package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class SweepOptionsTest {

    private static CommandLine parser(SweepOptions o) {
        return new CommandLine(o).registerConverter(Duration.class, new DurationConverter());
    }

    @Test
    void withoutOutAnExperimentWritesIntoExperimentNameHere() {
        SweepOptions none = new SweepOptions();
        parser(none).parseArgs();
        assertThat(none.out("partitioning")).isEqualTo(Path.of("experiment-partitioning"));
        SweepOptions given = new SweepOptions();
        parser(given).parseArgs("--out", "results/x");
        assertThat(given.out("partitioning")).isEqualTo(Path.of("results/x"));
    }
}
