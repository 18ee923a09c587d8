package org.gpusched.cli;

import org.gpusched.experiment.InterferenceExperiment;
import org.gpusched.model.ExitCodes;
import org.gpusched.player.CudaDevice;
import org.gpusched.player.CudaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;

/** {@code experiment interference}: on the simulated device (built-in or fitted) or on a GPU. */
@Command(name = "interference", mixinStandardHelpOptions = true,
        description = {"The slowdown model fitted to pairs and triples of contending kernel kinds, on the simulated device or a GPU.",
                "Each member's slowdown against its isolated time, one factor per kind, the error of each set's",
                "prediction. Writes interference.csv, interference-factors.csv and interference.png/.svg."})
final class ExperimentInterferenceCommand extends ExperimentCommand.Run {
    @Option(names = "--device", paramLabel = "DEV", defaultValue = "sim",
            description = "sim (the simulated device's contention model) or cuda (the built-in kernel kinds on a GPU,"
                    + " through the native player). Default: ${DEFAULT-VALUE}.")
    String device;

    @Option(names = "--gpu", paramLabel = "N", defaultValue = "0", description = "CUDA device index (--device cuda).")
    int gpu;

    @Option(names = "--sim-contention", paramLabel = "FIT",
            description = "With --device sim: the simulated device fitted to a GPU, h200 (the shipped preset) or a raw"
                    + " file of this experiment (interference-sets.csv). Default: the built-in model.")
    String simContention;

    @Override
    public Integer call() throws IOException {
        Usage.refuse(spec.commandLine(), !device.equals("sim") && !device.equals("cuda"),
                "--device: sim or cuda (got " + device + ")");
        boolean cuda = device.equals("cuda");
        Usage.refuse(spec.commandLine(), cuda && simContention != null,
                "--sim-contention describes the simulated device: use --device sim");
        if (cuda) {
            try {
                CudaDevice.info(gpu);
            } catch (CudaException e) {
                if (!e.unavailable()) {
                    throw e;
                }
                spec.commandLine().getErr().println("gpusched: experiment interference --device cuda: no usable GPU ("
                        + e.getMessage() + "); run it with --device sim");
                return ExitCodes.INVALID;
            }
        }
        return execute(new InterferenceExperiment(cuda, gpu, simContention));
    }
}
