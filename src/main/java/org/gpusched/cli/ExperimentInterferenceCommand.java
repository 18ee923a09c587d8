package org.gpusched.cli;

import org.gpusched.experiment.InterferenceExperiment;
import org.gpusched.model.ExitCodes;
import org.gpusched.player.CudaDevice;
import org.gpusched.player.CudaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;

/** {@code experiment interference}: on the simulated device (built-in or fitted) or on a GPU. */
@Command(name = "interference", mixinStandardHelpOptions = true)
final class ExperimentInterferenceCommand extends ExperimentCommand.Run {
    /** Drawn sets: enough for the held-out folds, few enough for one device session. */
    private static final int MIN_DRAW = 5;
    private static final int MAX_DRAW = 500;

    @Option(names = "--device", paramLabel = "DEV", defaultValue = "sim")
    String device;

    @Option(names = "--gpu", paramLabel = "N", defaultValue = "0")
    int gpu;

    @Option(names = "--sim-contention", paramLabel = "FIT")
    String simContention;

    @Option(names = "--draw", paramLabel = "N", defaultValue = "0")
    int draw;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), !device.equals("sim") && !device.equals("cuda"),
                "--device: sim or cuda (got " + device + ")");
        Usage.refuse(cl(), draw != 0 && (draw < MIN_DRAW || draw > MAX_DRAW),
                "--draw: " + MIN_DRAW + ".." + MAX_DRAW + " sets (got " + draw + ")");
        boolean cuda = device.equals("cuda");
        Usage.refuse(cl(), cuda && simContention != null,
                "--sim-contention describes the simulated device: use --device sim");
        if (cuda) {
            try {
                CudaDevice.info(gpu);
            } catch (CudaException e) {
                if (!e.unavailable()) {
                    throw e;
                }
                cl().getErr().println("gpusched: experiment interference --device cuda: no usable GPU ("
                        + e.getMessage() + "); run it with --device sim");
                return ExitCodes.INVALID;
            }
        }
        return execute(new InterferenceExperiment(cuda, gpu, simContention, draw, sweep.seed.value));
    }
}
