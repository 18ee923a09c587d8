package org.gpusched.profile;

import org.gpusched.model.TaskSet;
import org.gpusched.player.*;

import java.util.function.Function;

/** The replay of each round of the measure / analyse / replay loop, on the simulated device or the GPU. */
public final class LoopPlayer {
    /**
     * Hyperperiods a round replays on the GPU at least: the host's wake-up skew has a long tail (on
     * the H200 host its worst, 749 us, came once in 1,200 frames of 300 hyperperiods of
     * player-calibration, the run that showed a table declared stable after 50 missing), so a table is
     * declared stable only after as many hyperperiods as that run (fewer when the player cannot play
     * that many launches).
     */
    public static final int GPU_MIN_HYPERPERIODS = 300;

    private LoopPlayer() { }

    /** The hyperperiods each round replays: {@code asked}, and on the GPU at least {@link #GPU_MIN_HYPERPERIODS}. */
    public static int hyperperiods(DeviceChoice device, int asked) {
        return device == DeviceChoice.SIM ? asked : Math.max(asked, GPU_MIN_HYPERPERIODS);
    }

    /**
     * How a round's table is replayed. Simulator: every job takes its set's time under the device's
     * timing (the --sim-timing file, else the input workload's model, never the round's model).
     * GPU: every kernel is asked for its input unit's isolated wcet (a task's, or its chain kernel's),
     * so the device decides how long a set takes (the table's model is what is being checked, so it
     * must not set the durations).
     */
    public static Function<UnrolledTable, PlayResult> player(TaskSet input, SimTiming timing, DeviceChoice device, Mode mode,
                                                    ExecTime execTime, long seed, int gpu, long nanos) {
        if (device == DeviceChoice.SIM) {
            return plan -> {
                SimTiming t = SimTiming.of(plan.taskSet(), timing.truth()).with(timing.contention());
                long[] d = execTime.durations(plan, seed, t.completions(plan));
                return PlayResult.of(plan, mode, new SimDevice(t.deviceName()).play(plan, mode, d));
            };
        }
        return plan -> {
            // Not the round's model: a set raised for a frame the runtime made long would then ask
            // longer kernels, and the next frame would be longer by as much (on an H200 five rounds
            // of player-calibration grew its first frame from 839 to 1,038 us and never settled).
            long[] d = execTime.ownDurations(plan, input, seed);
            try (CudaDevice dev = CudaDevice.open(plan.taskSet(), gpu, nanos)) {
                return PlayResult.of(plan, mode, dev.play(plan, mode, d));
            }
        };
    }
}
