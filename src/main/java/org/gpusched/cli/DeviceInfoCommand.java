package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.player.*;
import org.gpusched.report.DeviceInfoReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;

@Command(name = "device-info", mixinStandardHelpOptions = true)
final class DeviceInfoCommand extends CommonCommand {

    @Option(names = "--gpu", paramLabel = "N", defaultValue = "0")
    int gpu;

    @Option(names = "--kinds")
    boolean kinds;

    @Option(names = "--sim-contention", paramLabel = "FIT")
    String simContention;

    @Override
    public Integer call() {
        Usage.refuse(cl(), simContention != null && !kinds, "--sim-contention goes with --kinds");
        if (kinds) {
            return kinds();
        }
        List<String> info = null;
        CudaException failure = null;
        try {
            info = CudaDevice.info(gpu);
        } catch (CudaException e) {
            failure = e;
        }
        String library = NativePlayer.resource() + (NativePlayer.bundled() ? " (bundled)" : " (not built)");
        DeviceInfoReports.report(out(), common.format, common.quiet, library, info, failure);
        return failure == null || failure.unavailable() ? ExitCodes.OK : ExitCodes.INTERNAL;
    }

    private int kinds() {
        if (simContention == null) {
            try {
                DeviceInfoReports.kinds(out(), common.format, KindFloors.onGpu(gpu), "measured now, closed-loop");
                return ExitCodes.OK;
            } catch (CudaException e) {
                if (!e.unavailable()) {
                    throw e;
                }
                err().println("gpusched: no usable GPU (" + e.getMessage() + "); the kinds of the"
                        + " simulated device's h200 preset follow");
            }
        }
        String name = simContention == null ? KindFloors.H200 : simContention;
        KindFloors preset = KindFloors.preset(name);
        Usage.refuse(cl(), preset == null, "--sim-contention: no preset " + name
                + " with kind floors (presets: " + KindFloors.H200 + ")");
        DeviceInfoReports.kinds(out(), common.format, preset, "preset: measured on an NVIDIA H200, November 2026");
        return ExitCodes.OK;
    }
}
