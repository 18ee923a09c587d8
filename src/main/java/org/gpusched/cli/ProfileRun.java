package org.gpusched.cli;

import org.gpusched.input.InputText;
import org.gpusched.model.TaskSet;
import org.gpusched.output.Outputs;
import org.gpusched.player.ProfileDevice;
import org.gpusched.player.SimTiming;
import picocli.CommandLine.Mixin;

import java.nio.file.Path;

/**
 * What {@code profile} and {@code loop} share (a picocli superclass): their common options, reading the
 * task set or workload they measure, checking their outputs before anything runs, opening the device.
 */
abstract class ProfileRun extends CommonCommand implements NoCsv {
    @Mixin
    ProfileOptions profile;

    /** The task set read, and its text as read (the measured copy keeps everything else of it). */
    record Input(TaskSet ts, String content) { }

    /**
     * Reads {@code taskset}: a format-1 task set, or a format-2 workload through its PBS view (its
     * chains' kernels are the units profiled; one outside that view is refused, exit 2, saying why).
     */
    Input read(Path taskset) {
        return new Input(common.reader().read(taskset), InputText.read(taskset));
    }

    /**
     * The run's outputs, checked before anything is measured: no two are the same file, none is an
     * input, and none is a file gpusched did not write unless {@code force}. They belong together:
     * locked against a second run and renamed into place together by {@link Outputs#commit}, so the
     * caller closes them. (--force is declared by each command, after its own options: picocli's
     * completion script lists flags in that order.)
     */
    Outputs outputs(boolean force, Path taskset, Path... files) {
        Outputs outputs = Outputs.of(profile.inputs(taskset), force).staged();
        try {
            outputs.checkEach(files);
        } catch (RuntimeException e) {
            outputs.close();
            throw e;
        }
        return outputs;
    }

    /** The device the task set is profiled on, checked first (player.ProfileDevice), its errors located in its text. */
    ProfileDevice open(Input in, SimTiming timing) {
        TaskSet ts = in.ts();
        return ProfileDevice.located(() -> ProfileDevice.open(ts, timing, profile.device, profile.execTime,
                profile.run.seed, profile.run.gpu, profile.run.nanos(ts)), ts.source(), in.content());
    }
}
