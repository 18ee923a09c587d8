package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.bound.SideSearches;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link SideSearches} shares its turns: nothing is built before the first turn, the sweep takes a
 * turn's states, and twice as many once it has expanded its long-sweep threshold without emptying
 * (the relaxations' share does not change).
 */
class WindowsTurnTest {
    /** A 14-task set at U = 1.4 whose first sweep (width 8) runs 0.7 M states to its schedule. */
    private static final TaskSet LONG = Generator.generate(1, Scenario.LARGE, 1.4, 14, 6).parse();

    @Test
    void a_sweep_past_its_threshold_takes_twice_a_turn() {
        SideSearches w = new SideSearches(LONG, new JobModel(LONG), Options.defaults().budget().start(), LiveBound.Mutation.NONE,
                1 << 22, true, 4_000);
        assertThat(w.sweepStates()).as("built at the first turn").isEqualTo(-1);
        List<Long> added = new ArrayList<>();
        long before = 0;
        for (int turn = 0; turn < 7; turn++) {
            assertThat(w.step(1_000)).isFalse();
            added.add(w.sweepStates() - before);
            before = w.sweepStates();
        }
        assertThat(added).containsExactly(1_000L, 1_000L, 1_000L, 1_000L, 2_000L, 2_000L, 2_000L);
    }

    @Test
    void below_the_threshold_a_sweep_takes_one_turn() {
        SideSearches w = new SideSearches(LONG, new JobModel(LONG), Options.defaults().budget().start(), LiveBound.Mutation.NONE,
                1 << 22, true, SideSearches.LONG_SWEEP);
        for (int turn = 1; turn <= 5; turn++) {
            w.step(1_000);
            assertThat(w.sweepStates()).isEqualTo(turn * 1_000L);
        }
    }
}
