package org.gpusched.explore.bound;

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
 * The sweep's limits: a time limit passed ends its turn with neither a schedule nor a failure (the
 * analysis then ends inconclusive, never exit 70), too many states stop it without a verdict, and a
 * narrow sweep says when it left ready kernels waiting (the only case in which a wider one runs).
 */
class EarliestSweepLimitsTest {
    private static EarliestSweep sweep(TaskSet ts, Budget.Meter meter, int width, long maxStates) {
        return new EarliestSweep(ts, new Oracle(ts, meter), new JobModel(ts), meter, LiveBound.Mutation.NONE, width, 1,
                maxStates, EarliestSweep.Mutation.NONE);
    }

    @Test
    void a_time_limit_passed_ends_the_turn_without_a_verdict() throws Exception {
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.4, 16, 7).parse();
        Budget.Meter meter = Options.defaults().withBudget(Options.DEFAULT_MAX_STATES, Duration.ofNanos(1))
                .budget().start();
        Thread.sleep(5);
        EarliestSweep s = sweep(ts, meter, 8, 1 << 20);
        assertThat(s.step(1_000_000)).isEqualTo(EarliestSweep.Step.OPEN);
        assertThat(s.states()).isLessThan(1_000_000);
        assertThat(s.schedule()).isNull();
        assertThat(s.failedWhy()).isNull();
    }

    @Test
    void more_states_than_it_may_keep_stop_it_without_a_schedule() {
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.4, 16, 7).parse();
        EarliestSweep s = sweep(ts, null, 8, 1_000);
        assertThat(s.step(Long.MAX_VALUE)).isEqualTo(EarliestSweep.Step.FAILED);
        assertThat(s.failedWhy()).isEqualTo("more than 1000 states");
        assertThat(s.schedule()).isNull();
    }

    @Test
    void a_narrow_sweep_says_when_ready_kernels_waited() {
        TaskSet wide = Generator.generate(1, Scenario.LARGE, 1.4, 20, 0).parse();
        EarliestSweep narrow = sweep(wide, null, 2, 1 << 20);
        narrow.step(20_000);
        assertThat(narrow.narrowed()).isTrue();
        // As wide as the set has tasks: never more kernels ready than it lists.
        TaskSet sixteen = Generator.generate(1, Scenario.LARGE, 1.4, 16, 7).parse();
        EarliestSweep roomy = sweep(sixteen, null, 16, 1 << 20);
        roomy.step(20_000);
        assertThat(roomy.narrowed()).isFalse();
    }

    @Test
    void counts_that_fill_the_second_word_stay_whole() {
        // Hyperperiod 1,600: twelve tasks of 16 jobs (5 bits each) and one of 4 (3 bits) fill the
        // first word; twelve more, one of 1 job and one of 2 fill the second to its top bits, where
        // a sweep keyed by ready sets keeps its class (so it does without). The one keyed by vectors
        // must keep every bit, the light task's count from its first job on (expand asserts that a
        // state's counts add up to its layer), and finds the schedule.
        StringBuilder json = new StringBuilder("{\"formatVersion\": 1, \"name\": \"full-word\", \"tasks\": [");
        for (int i = 0; i < 24; i++) {
            json.append(task("t" + i, 100));
            if (i == 11) {
                json.append(task("a", 400));
            }
        }
        json.append(task("b", 1600)).append(task("light", 800)).setLength(json.length() - 2);
        TaskSet ts = new org.gpusched.input.TaskSetReader().read("full-word.json", json.append("]}").toString());
        JobModel jm = new JobModel(ts);
        assertThat(CountFields.of(jm.items, 0)).isNotNull();
        assertThat(CountFields.of(jm.items, 2)).isNull();
        EarliestSweep plain = sweep(ts, null, 8, 1 << 22);
        assertThat(plain.step(Long.MAX_VALUE)).isEqualTo(EarliestSweep.Step.FOUND);
        EarliestSweep ready = new EarliestSweep(ts, new Oracle(ts), jm, null, LiveBound.Mutation.NONE, 8,
                EarliestSweep.READY_CLASSES, 1 << 22, EarliestSweep.Mutation.NONE);
        assertThat(ready.step(Long.MAX_VALUE)).isEqualTo(EarliestSweep.Step.FAILED);
        assertThat(ready.failedWhy()).contains("more than 124 bits");
    }

    private static String task(String name, long period) {
        return "{\"name\": \"" + name + "\", \"period\": " + period + ", \"deadline\": " + period + ", \"wcet\": 1}, ";
    }

    @Test
    void after_a_failure_the_next_sweep_is_skipped_only_when_it_is_the_same_one_wider() {
        int[][] seq = {{8, 1}, {16, 1}, {10, 4}, {16, 4}};
        // Narrowed: the next, whatever it is.
        assertThat(EarliestSweep.next(seq, 0, true)).isEqualTo(1);
        assertThat(EarliestSweep.next(seq, 1, true)).isEqualTo(2);
        assertThat(EarliestSweep.next(seq, 3, true)).isEqualTo(4);
        // Not narrowed: past the wider ones with the same classes, on to the next key.
        assertThat(EarliestSweep.next(seq, 0, false)).isEqualTo(2);
        assertThat(EarliestSweep.next(seq, 1, false)).isEqualTo(2);
        assertThat(EarliestSweep.next(seq, 2, false)).isEqualTo(4);
        // The sequence SideSearches runs: vectors at 8 and 16, then ready sets.
        assertThat(EarliestSweep.SEQUENCE).isDeepEqualTo(new int[][] {{8, 1}, {16, 1},
            {EarliestSweep.READY_WIDTH, EarliestSweep.READY_CLASSES}});
    }
}
