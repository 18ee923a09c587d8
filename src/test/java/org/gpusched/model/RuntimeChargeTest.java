package org.gpusched.model;

import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RuntimeChargeTest {
    private static final String SET = """
            {"formatVersion": 1, "name": "charged",
             "tasks": [{"name": "a", "period": 100, "deadline": 100, "wcet": 10},
                       {"name": "b", "period": 100, "deadline": 100, "wcet": 20}],
             "interference": {"model": "table", "missing": "forbid",
                "entries": [{"tasks": ["a", "b"], "completion": 25, "origin": "predicted"}]},
             "runtime": {"launch": 2, "submit": 3, "sync": 1, "copy": 0}}
            """;

    @Test
    void foldingTheRuntimeCostKeepsWhichEntriesWerePredicted() {
        Workload w = new WorkloadReader().read("charged.json", SET);
        Interference before = w.interference();
        Interference after = RuntimeCharge.fold(w).interference();

        assertThat(before.predicted()).hasSize(1);
        assertThat(after.overhead().isZero()).isTrue();
        assertThat(after.predicted()).isEqualTo(before.predicted());
        assertThat(after.table().keySet()).isEqualTo(before.table().keySet());
        assertThat(after.table().values()).allMatch(c -> c > 25);
    }
}
