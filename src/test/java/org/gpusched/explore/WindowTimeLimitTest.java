package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.bound.WindowRelaxation;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window relaxation on large ready sets: a time limit that passes while it lists the candidate
 * batches of 16 ready kernels ends its turn with no verdict (it once escaped as an internal error,
 * exit 70, instead of the analysis ending inconclusive), and more than {@link
 * WindowRelaxation#MAX_READY} ready kernels retire it (listing them took a 20-task set's whole time).
 */
class WindowTimeLimitTest {
    @Test
    void a_time_limit_inside_a_candidate_list_ends_the_turn_without_a_verdict() throws Exception {
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.6, 16, 1).parse();
        Budget.Meter meter = Options.defaults().withBudget(Options.DEFAULT_MAX_STATES, Duration.ofNanos(1))
                .budget().start();
        Thread.sleep(5);
        assertThat(meter.timeNote()).isNotNull();
        WindowRelaxation w = new WindowRelaxation(new Oracle(ts, meter), new JobModel(ts), meter,
                LiveBound.Mutation.NONE, 1 << 20, WindowRelaxation.Mutation.NONE, -1L);
        assertThat(w.step(1_000_000)).isEqualTo(WindowRelaxation.Step.OPEN);
        // Neither refuted nor retired: a later turn goes on from the same state.
        assertThat(w.step(0)).isEqualTo(WindowRelaxation.Step.OPEN);
        assertThat(w.retiredWhy()).isNull();
    }

    /** 20 kernels ready at once: the relaxation retires instead of listing up to 2^20 candidate sets. */
    @Test
    void more_kernels_ready_than_it_lists_retire_the_relaxation() {
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.4, 20, 0).parse();
        WindowRelaxation w = new WindowRelaxation(new Oracle(ts), new JobModel(ts), null, LiveBound.Mutation.NONE,
                1 << 20, WindowRelaxation.Mutation.NONE, -1L);
        assertThat(w.step(Long.MAX_VALUE)).isEqualTo(WindowRelaxation.Step.RETIRED);
        assertThat(w.retiredWhy()).startsWith("more than " + WindowRelaxation.MAX_READY + " kernels ready at once");
    }
}
