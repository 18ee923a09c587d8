package org.gpusched.profile;

import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.input.InputText;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.player.DeviceChoice;
import org.gpusched.player.ExecTime;
import org.gpusched.player.Mode;
import org.gpusched.player.UnrolledTable;
import org.gpusched.player.PlayResult;
import org.gpusched.player.SimDevice;
import org.gpusched.player.SimTiming;
import org.gpusched.player.Trace;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * loop declares a table stable by the check play reports: no frame over its model and no deadline
 * missed. Frames that keep their model but start late (a host that woke up late) are not stable.
 */
class LoopStabilityTest {
    private static final Path FILE = Path.of("examples/player-calibration.json");

    @Test
    void framesWithinTheirModelThatStartLateAreNotStable() {
        TaskSet ts = new TaskSetReader().read(FILE);
        String content = InputText.read(FILE);
        Model start = Model.ofTaskSet(ts, Profiler.sets(ts, ts.size()));
        Loop.Result onTime = Loop.run(ts, content, start, settings(ts, 0));
        assertThat(onTime.outcome()).isEqualTo(Loop.Outcome.STABLE);
        // Every frame 5 ms late (more than any slack), none longer than its model.
        Loop.Result late = Loop.run(ts, content, start, settings(ts, 5_000));
        assertThat(late.outcome()).isEqualTo(Loop.Outcome.LATE_START);
        assertThat(late.outcome().exitCode()).isEqualTo(1);
        assertThat(late.rounds()).singleElement().satisfies(r -> {
            assertThat(r.overrunFrames()).isZero();
            assertThat(r.deadlineMissed()).isTrue();
        });
        assertThat(late.outcome().words()).contains("runtime.submit");
    }

    @Test
    void onTheGpuARoundReplaysAtLeast300Hyperperiods() {
        assertThat(Loop.hyperperiods(DeviceChoice.CUDA, 5)).isEqualTo(300);
        assertThat(Loop.hyperperiods(DeviceChoice.CUDA, 500)).isEqualTo(500);
        assertThat(Loop.hyperperiods(DeviceChoice.SIM, 5)).isEqualTo(5);
    }

    private static Loop.Settings settings(TaskSet input, long lateBy) {
        Function<UnrolledTable, PlayResult> player = plan -> {
            SimTiming t = SimTiming.own(plan.taskSet());
            long[] d = ExecTime.parse("wcet").durations(plan, 1, t.completions(plan));
            Trace tr = new SimDevice().play(plan, Mode.TIME_TRIGGERED, d);
            Trace shifted = new Trace(tr.device(), tr.scale(), tr.unit(), add(tr.entryStart(), lateBy),
                    add(tr.entryEnd(), lateBy), add(tr.itemStart(), lateBy), add(tr.itemFinish(), lateBy), tr.asked(),
                    tr.copies(), tr.notes());
            return PlayResult.of(plan, Mode.TIME_TRIGGERED, shifted);
        };
        return new Loop.Settings("m.json", 3, 2, Options.defaults(), Budget.defaults().start(), player);
    }

    private static long[] add(long[] a, long d) {
        long[] b = a.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] += d;
        }
        return b;
    }

    @Test
    void eachOutcomeGatesWithTheExitCodeOfItsVerdict() {
        assertThat(Arrays.stream(Loop.Outcome.values()).map(Loop.Outcome::exitCode))
                .containsExactly(0, 1, 3, 3, 1);
        assertThat(Loop.Outcome.LATE_START.verdict()).isEqualTo(Verdict.NOT_SCHEDULABLE);
    }
}
