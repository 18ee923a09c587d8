package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Brute force runs under the same heap budget as GPUSched (the baselines: EdfBaselineTest). */
class MethodBudgetTest {
    private final TaskSet wide = new TaskSetReader().read(Path.of("src/test/resources/cases/wide-64-tasks.json"));

    @Test
    void brute_force_honours_the_heap_budget() {
        Analysis a = new BruteForceExplorer(wide, new Budget(Budget.DEFAULT_MAX_STATES, null, 1e-9)).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.note()).contains("heap budget");
    }
}
