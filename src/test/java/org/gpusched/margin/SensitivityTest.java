package org.gpusched.margin;

import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.Interference;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SensitivityTest {
    private static Verdict exact(TaskSet ts) {
        return new GpuSchedExplorer(ts, Options.defaults()).analyze().verdict();
    }

    /** The brute-force twin, for sets small enough. */
    private static Verdict brute(TaskSet ts) {
        return new BruteForceExplorer(ts, Budget.of(5_000_000, null)).analyze().verdict();
    }

    @ParameterizedTest
    @ValueSource(strings = {"examples/paper-fig1.json", "examples/paper-example-2-1.json",
            "examples/player-calibration.json", "examples/jetson-orin-perception.json"})
    void the_factor_found_is_schedulable_and_one_tick_more_is_not(String file) {
        TaskSet ts = new TaskSetReader().read(Path.of(file));
        Sensitivity.Result r = new Sensitivity(ts, SensitivityTest::exact).run();
        assertThat(r.original()).isEqualTo(Verdict.SCHEDULABLE);
        Sensitivity.Bound all = r.all();
        assertThat(all.conclusive()).isTrue();
        assertThat(all.found()).isGreaterThanOrEqualTo(r.scale());
        assertThat(all.notAbove()).isEqualTo(all.found() + 1);
        assertThat(decide(Sensitivity.scaled(ts, r.scale(), all.found()))).isEqualTo(Verdict.SCHEDULABLE);
        assertThat(decide(Sensitivity.scaled(ts, r.scale(), all.found() + 1))).isEqualTo(Verdict.NOT_SCHEDULABLE);
        // The table model's measured completions say nothing about one task alone.
        assertThat(r.tasks().isEmpty()).isEqualTo(ts.interference().model() == Interference.Model.TABLE);
        for (Task t : r.tasks().isEmpty() ? java.util.List.<Task>of() : ts.tasks()) {
            Sensitivity.Bound b = r.tasks().get(t.index());
            assertThat(b.conclusive()).isTrue();
            assertThat(b.found()).isGreaterThanOrEqualTo(t.wcet());
            assertThat(decide(Sensitivity.withWcet(ts, t.index(), b.found()))).isEqualTo(Verdict.SCHEDULABLE);
            assertThat(decide(Sensitivity.withWcet(ts, t.index(), b.found() + 1))).isEqualTo(Verdict.NOT_SCHEDULABLE);
        }
    }

    /** Above a WCET beyond the deadline the search does not analyse; the analysis must agree. */
    private static Verdict decide(TaskSet ts) {
        Verdict v = exact(ts);
        if (ts.jobCount() <= 12) {
            assertThat(brute(ts)).as("brute-force twin").isEqualTo(v);
        }
        return v;
    }

    @Test
    void a_threshold_is_found_exactly_from_above_and_below() {
        for (long threshold : new long[] {1, 2, 7, 100, 999}) {
            Sensitivity.Bound up = Sensitivity.search(Verdict.SCHEDULABLE, 1, 1000,
                    v -> v <= threshold ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE);
            assertThat(up.found()).isEqualTo(threshold);
            assertThat(up.notAbove()).isEqualTo(threshold + 1);
            Sensitivity.Bound down = Sensitivity.search(Verdict.NOT_SCHEDULABLE, 1000, 2000,
                    v -> v <= threshold ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE);
            assertThat(down.found()).isEqualTo(threshold);
            assertThat(down.conclusive()).isTrue();
        }
        Sensitivity.Bound none = Sensitivity.search(Verdict.NOT_SCHEDULABLE, 10, 20, v -> Verdict.NOT_SCHEDULABLE);
        assertThat(none.found()).isZero();
    }

    @Test
    void an_inconclusive_step_is_not_taken_for_schedulable_and_says_so() {
        Sensitivity.Bound b = Sensitivity.search(Verdict.SCHEDULABLE, 10, 1000,
                v -> v <= 300 ? Verdict.SCHEDULABLE : v < 600 ? Verdict.INCONCLUSIVE : Verdict.NOT_SCHEDULABLE);
        assertThat(b.found()).isBetween(300L, 300L);
        assertThat(b.conclusive()).isFalse();
    }

    @Test
    void scaling_rounds_up_so_a_scaled_wcet_never_shrinks() {
        assertThat(Sensitivity.ceilScale(3, 4, 3)).isEqualTo(4);
        assertThat(Sensitivity.ceilScale(1, 4, 3)).isEqualTo(2);
        assertThat(Sensitivity.ceilScale(6, 3, 3)).isEqualTo(6);
    }
}
