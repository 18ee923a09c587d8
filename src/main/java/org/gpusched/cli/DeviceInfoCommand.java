package org.gpusched.cli;

import org.gpusched.report.DeviceInfoReports;
import org.gpusched.player.CudaDevice;
import org.gpusched.player.CudaException;
import org.gpusched.player.NativePlayer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "device-info", mixinStandardHelpOptions = true,
        description = {"Show the CUDA device the native player sees and its limits, or why there is none.",
                "Reasons: the library was not built, no driver, or no device."},
        footer = {"", "Exit codes: 0 a device, or simply no GPU here (the reason is printed);"
                + " 70 the GPU is there but CUDA failed."})
final class DeviceInfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;

    @Option(names = "--gpu", paramLabel = "N", defaultValue = "0", description = "CUDA device index. Default: ${DEFAULT-VALUE}.")
    int gpu;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> info = null;
        CudaException failure = null;
        try {
            info = CudaDevice.info(gpu);
        } catch (CudaException e) {
            failure = e;
        }
        String library = NativePlayer.resource() + (NativePlayer.bundled() ? " (bundled)" : " (not built)");
        DeviceInfoReports.report(out, common.format, common.quiet, library, info, failure);
        return failure == null || failure.unavailable() ? ExitCodes.OK : ExitCodes.INTERNAL;
    }
}
