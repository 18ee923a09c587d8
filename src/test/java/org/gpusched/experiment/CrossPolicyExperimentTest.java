package org.gpusched.experiment;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The cross-policy sweep: PBS and the GCAPS family on the same GPU-only sets. */
class CrossPolicyExperimentTest {
    private static CrossPolicyExperiment small() {
        return new CrossPolicyExperiment(7, List.of(Scenario.parse("mixed")), List.of(0.4, 1.0), 6, 4,
                Duration.ofSeconds(10), CrossPolicyExperiment.DEFAULT_METHODS,
                org.gpusched.rta.GpuPriorityMode.CPU, org.gpusched.policy.RunOptions.DEFAULT_VARIANT);
    }

    @Test
    void everyMethodJudgesEverySetAndTheBaselinesNeverBeatGpuSched() {
        CrossPolicyExperiment e = small();
        List<String> header = List.of(e.header().split(","));
        int g = header.indexOf("gpusched");
        int serial = header.indexOf("edf-serial");
        int parallel = header.indexOf("edf-parallel");
        for (int unit = 0; unit < e.units(); unit++) {
            String[] c = e.run(unit).get(0).split(",");
            assertThat(c).hasSize(header.size());
            for (int k = 5; k < c.length; k++) {
                // Ticks hold the ideal driver, so every method applies to the paper's GPU-only sets.
                assertThat(c[k]).as(header.get(k)).isIn("yes", "no");
            }
            if (c[serial].equals("yes") || c[parallel].equals("yes")) {
                assertThat(c[g]).as("unit " + unit).isEqualTo("yes");
            }
        }
    }

    @Test
    void theRowsArePureFunctionsOfTheParameters() {
        CrossPolicyExperiment a = small();
        CrossPolicyExperiment b = CrossPolicyExperiment.fromParams(a.params());
        List<String> ra = new ArrayList<>();
        List<String> rb = new ArrayList<>();
        for (int unit = 0; unit < a.units(); unit += 3) {
            ra.addAll(a.run(unit));
            rb.addAll(b.run(unit));
        }
        assertThat(rb).isEqualTo(ra);
        assertThat(b.header()).isEqualTo(a.header());
    }
}
