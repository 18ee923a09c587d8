package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The simulated device's frames with copies: every H2D, the kernels, every D2H, as C(S) counts them. */
class SimFramesTest {

    @Test
    void aFrameRunsItsCopiesAroundItsKernelsAndLastsCOfS() {
        TaskSet ts = new TaskSetReader().read(NativeTableTest.CASE);
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 3);
        Trace t = new SimDevice().play(plan, Mode.TIME_TRIGGERED, ExecTime.WCET.durations(plan, 1));
        Trace.Copies c = t.copies();
        int copies = 0;
        for (int e = 0; e < plan.entries(); e++) {
            assertThat(t.entryEnd()[e] - t.entryStart()[e]).as("entry %d", e).isEqualTo(plan.completion(e));
            long h2dEnd = t.entryStart()[e];
            long kernelsEnd = 0;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                if (plan.h2d(i) > 0) {
                    // One after the other, in item order, from the frame's start.
                    assertThat(c.h2dStart()[i]).isEqualTo(h2dEnd);
                    assertThat(c.h2dEnd()[i] - c.h2dStart()[i]).isEqualTo(plan.h2d(i));
                    h2dEnd = c.h2dEnd()[i];
                    copies++;
                } else {
                    assertThat(c.h2dStart()[i]).isEqualTo(-1);
                }
            }
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                assertThat(t.itemStart()[i]).isEqualTo(h2dEnd);
                kernelsEnd = Math.max(kernelsEnd, t.itemFinish()[i]);
            }
            long d2hEnd = kernelsEnd;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                if (plan.d2h(i) > 0) {
                    assertThat(c.d2hStart()[i]).isEqualTo(d2hEnd);
                    d2hEnd = c.d2hEnd()[i];
                    copies++;
                }
            }
            assertThat(t.entryEnd()[e]).isEqualTo(d2hEnd);
        }
        assertThat(copies).isPositive();
        PlayResult r = PlayResult.of(plan, Mode.TIME_TRIGGERED, t);
        assertThat(r.summary().misses()).isZero();
        assertThat(PlayResult.OpError.of(r.jobs())).isEqualTo(new PlayResult.OpError(plan.items(), 0, copies, 0));
        // A job spans its copies: lidar#0 starts with its H2D and finishes with its D2H.
        PlayResult.JobRow lidar = r.jobs().stream().filter(j -> j.task().equals("lidar")).findFirst().orElseThrow();
        assertThat(lidar.ops().h2dTime()).isEqualTo(150);
        assertThat(lidar.ops().d2hTime()).isEqualTo(50);
        assertThat(lidar.finish() - lidar.ops().kernelFinish()).isPositive();
    }

    /**
     * The device's own timing of a workload with chains, copies and kinds is per kernel: the frame
     * {cam.pre, lidar} (two memory kernels of 300 and 700) contends, 940 instead of the model's 840,
     * plus its 400 of copies; the frames of one kernel keep their model.
     */
    @Test
    void simulatedTimingIsPerKernelOfAChainWithContentionAndCopies() {
        TaskSet ts = new TaskSetReader().read(NativeTableTest.CASE);
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 1);
        long[] c = SimTiming.of(ts, ts).completions(plan);
        int pairs = 0;
        for (int e = 0; e < plan.entries(); e++) {
            if (plan.first(e + 1) - plan.first(e) == 2) {
                assertThat(plan.completion(e)).isEqualTo(1240);
                assertThat(c[e]).isEqualTo(1340);
                pairs++;
            } else {
                assertThat(c[e]).as("entry %d", e).isEqualTo(plan.completion(e));
            }
        }
        assertThat(pairs).isPositive();
        PlayResult r = PlayResult.of(plan, Mode.TIME_TRIGGERED,
                new SimDevice().play(plan, Mode.TIME_TRIGGERED, ExecTime.WCET.durations(plan, 1, c)));
        assertThat(FrameCheck.of(r).summary().worstOverrun()).isEqualTo(100);
    }

    @Test
    void withoutCopiesTheKernelsTakeTheWholeFrame() {
        TaskSet ts = PlayerFixtures.paper();
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 1);
        long[] d = ExecTime.WCET.durations(plan, 1);
        Trace t = new SimDevice().play(plan, Mode.TIME_TRIGGERED, d);
        for (int e = 0; e < plan.entries(); e++) {
            assertThat(plan.frameCopies(e)).isZero();
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                assertThat(d[i]).isEqualTo(plan.completion(e));
                assertThat(t.itemStart()[i]).isEqualTo(t.entryStart()[e]);
            }
        }
        assertThat(PlayResult.OpError.of(PlayResult.of(plan, Mode.TIME_TRIGGERED, t).jobs()).copies()).isZero();
    }
}
