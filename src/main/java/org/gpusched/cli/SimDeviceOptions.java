package org.gpusched.cli;

import org.gpusched.input.InputText;
import org.gpusched.model.TaskSet;
import org.gpusched.player.ProfileDevice;
import org.gpusched.player.SimTiming;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;

/**
 * What the simulated device of {@code play}, {@code profile} and {@code loop} stands for (a picocli
 * mixin): a --sim-timing model of the true device and a --sim-contention fit to a GPU. Both describe
 * the simulator only, so each command refuses them on a GPU.
 */
final class SimDeviceOptions {
    @Option(names = "--sim-timing", paramLabel = "FILE")
    Path timing;

    @Option(names = "--sim-contention", paramLabel = "FIT")
    String contention;

    boolean given() {
        return timing != null || contention != null;
    }

    /** Usage error when either option is given to a run that is not on the simulated device. */
    void refuseUnless(CommandLine cl, boolean simulated) {
        Usage.refuse(cl, !simulated && given(), (contention != null ? "--sim-contention" : "--sim-timing")
                + " describes the simulated device: add --device sim");
    }

    /** The --sim-timing file as the device's timing for {@code ts} (null: none given); its errors name its line and column. */
    SimTiming truth(TaskSet ts, CommonOptions common) {
        if (timing == null) {
            return null;
        }
        TaskSet truth = common.reader().read(timing);
        return ProfileDevice.located(() -> SimTiming.of(ts, truth), truth.source(), InputText.read(timing));
    }
}
