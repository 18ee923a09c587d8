package org.gpusched.cli;

import org.gpusched.report.Csv;
import org.gpusched.report.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.Locale;
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
        switch (common.format) {
            case json -> {
                ObjectNode o = Json.object();
                o.put("platform", NativePlayer.platform());
                o.put("library", library);
                o.put("available", failure == null);
                o.put("reason", failure == null ? null : spell(failure.kind()));
                o.put("message", failure == null ? null : failure.getMessage());
                o.put("hint", failure == null || failure.hint().isEmpty() ? null : failure.hint());
                ObjectNode dev = o.putObject("device");
                if (info != null) {
                    info.forEach(kv -> dev.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1)));
                }
                out.println(Json.line(o));
            }
            case csv -> {
                out.println(Csv.row("key", "value"));
                out.println(Csv.row("platform", NativePlayer.platform()));
                out.println(Csv.row("library", library));
                out.println(Csv.row("available", failure == null));
                if (failure != null) {
                    out.println(Csv.row("reason", spell(failure.kind())));
                    out.println(Csv.row("message", failure.getMessage()));
                } else {
                    info.forEach(kv -> out.println(Csv.row(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1))));
                }
            }
            default -> {
                if (!common.quiet) {
                    out.println("platform: " + NativePlayer.platform());
                    out.println("native library: " + library);
                }
                if (failure != null) {
                    out.println("no usable GPU: " + failure.getMessage());
                    if (!failure.hint().isEmpty()) {
                        out.println("  " + failure.hint());
                    }
                } else {
                    info.forEach(kv -> out.println(kv.replaceFirst("=", ": ")));
                }
            }
        }
        return failure == null || failure.unavailable() ? ExitCodes.OK : ExitCodes.INTERNAL;
    }

    private static String spell(CudaException.Kind k) {
        return k.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
