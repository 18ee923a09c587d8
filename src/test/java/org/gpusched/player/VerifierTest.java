package org.gpusched.player;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VerifierTest {

    @Test
    void gpuSchedTablesOfRandomTaskSetsNeverMiss() {
        int checked = 0;
        for (long seed = 1; seed <= 60 && checked < 20; seed++) {
            TaskSet ts = new TaskSetReader().read("random-" + seed, PlayerFixtures.randomTaskSet(seed));
            Analysis a = new GpuSchedExplorer(ts, Options.defaults().withGreedyFirst(false)).analyze();
            if (a.verdict() != Verdict.SCHEDULABLE) {
                continue;
            }
            checked++;
            UnrolledTable plan = UnrolledTable.of(ts, Tables.of(ts, a.method(), a.schedule()), "random-" + seed, 2);
            for (Mode m : Mode.values()) {
                Verifier.ModeResult r = Verifier.verify(plan, m, ExecTime.parse("uniform:0.3..1.0"), 1, 200);
                assertThat(r.failedRuns()).as("task set seed %d, mode %s, run seeds %s", seed, m, r.failingSeeds())
                        .isZero();
                assertThat(r.worstLateness()).isLessThanOrEqualTo(0);
            }
        }
        assertThat(checked).as("schedulable random task sets").isGreaterThanOrEqualTo(10);
    }

    @Test
    void brokenTableIsCaughtWithAReproducingSeed() {
        TaskSet ts = PlayerFixtures.paper();
        SchedulingTable late = PlayerFixtures.shifted(PlayerFixtures.table(ts), 1);
        UnrolledTable plan = UnrolledTable.of(ts, late, "late.json", 1);
        ExecTime exec = ExecTime.parse("uniform:0.5..1.0");
        Verifier.ModeResult r = Verifier.verify(plan, Mode.TIME_TRIGGERED, exec, 100, 500);
        assertThat(r.ok()).isFalse();
        long seed = r.failingSeeds().get(0);
        PlayResult again = PlayResult.of(plan, Mode.TIME_TRIGGERED,
                new SimDevice().play(plan, Mode.TIME_TRIGGERED, exec.durations(plan, seed)));
        assertThat(again.summary().misses()).isPositive();
        assertThat(again.summary().firstMiss()).isEqualTo(r.firstMiss());
    }

    @Test
    void overrunsBeyondTheModelAreCaughtInBothModes() {
        TaskSet ts = PlayerFixtures.paper();
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t", 1);
        for (Mode m : Mode.values()) {
            assertThat(Verifier.verify(plan, m, ExecTime.parse("uniform:1.0..1.5"), 1, 100).ok()).isFalse();
        }
    }
}
