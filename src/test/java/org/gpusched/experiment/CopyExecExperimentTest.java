package org.gpusched.experiment;

import org.junit.jupiter.api.Test;


import static org.assertj.core.api.Assertions.assertThat;

/** experiment copy-exec: six cases times four strategies, traditional the base of P, deterministic. */
class CopyExecExperimentTest {
    @Test
    void unitsAndSharedDraws() {
        CopyExecExperiment e = new CopyExecExperiment(1, 3);
        assertThat(e.units()).isEqualTo(18);
        assertThat(e.run(0)).hasSize(4).allMatch(r -> r.startsWith("0,case-1,0,"));
        // The same draws in case-1 and case-2 (one engine fewer): the same jobs.
        assertThat(CopyExecExperiment.workload(CopyExecExperiment.CASES.get(0), 7))
                .isEqualTo(CopyExecExperiment.workload(CopyExecExperiment.CASES.get(1), 7).replace("\"copyEngines\":1",
                        "\"copyEngines\":2"));
    }
}
