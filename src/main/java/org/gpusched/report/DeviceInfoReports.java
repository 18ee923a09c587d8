package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.player.CudaException;
import org.gpusched.player.NativePlayer;

import java.io.PrintWriter;
import java.util.List;

/** Renders {@code device-info} as text, JSON and CSV. */
public final class DeviceInfoReports {
    private DeviceInfoReports() { }

    /** The device the player sees ({@code info}, "key=value" lines) or why there is none ({@code failure}). */
    public static void report(PrintWriter out, OutputFormat format, boolean quiet, String library, List<String> info,
                              CudaException failure) {
        switch (format) {
            case json -> {
                ObjectNode o = Json.object();
                o.put("platform", NativePlayer.platform());
                o.put("library", library);
                o.put("available", failure == null);
                o.put("reason", failure == null ? null : Names.spell(failure.kind()));
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
                    out.println(Csv.row("reason", Names.spell(failure.kind())));
                    out.println(Csv.row("message", failure.getMessage()));
                } else {
                    info.forEach(kv -> out.println(Csv.row(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1))));
                }
            }
            default -> {
                if (!quiet) {
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
    }
}
