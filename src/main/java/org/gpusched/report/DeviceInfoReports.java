package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.player.CudaException;
import org.gpusched.player.KindFloors;
import org.gpusched.player.NativePlayer;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders {@code device-info} and {@code device-info --kinds} as text, JSON and CSV. */
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

    /**
     * {@code device-info --kinds}: each kernel kind's floor and calibration error at each shape; {@code source}:
     * where the floors come from ("measured at open" or the preset's description).
     */
    public static void kinds(PrintWriter out, OutputFormat format, KindFloors floors, String source) {
        switch (format) {
            case json -> {
                ObjectNode o = Json.object();
                o.put("device", floors.name());
                o.put("source", source);
                ArrayNode a = o.putArray("kinds");
                for (KindFloors.Point p : floors.points()) {
                    ObjectNode k = a.addObject();
                    k.put("kind", p.kind().json());
                    k.setAll(Json.pick(p, "blocks", "threads", "floorNs"));
                    k.put("calibrationError", p.error());
                }
                out.println(Json.line(o));
            }
            case csv -> {
                out.println(Csv.row("kind", "blocks", "threads", "floor_us", "calibration_error"));
                for (KindFloors.Point p : floors.points()) {
                    out.println(Csv.row(p.kind().json(), p.blocks(), p.threads(), us(p.floorNs()),
                            String.format(Locale.ROOT, "%.4f", p.error())));
                }
            }
            default -> {
                out.println("kernel kinds on " + floors.name() + " (" + source + "):");
                out.println(String.format(Locale.ROOT, "  %-8s %7s %8s %11s %18s", "kind", "blocks", "threads",
                        "floor", "calibration error"));
                for (KindFloors.Point p : floors.points()) {
                    out.println(String.format(Locale.ROOT, "  %-8s %7d %8d %11s %+17.1f%%", p.kind().json(),
                            p.blocks(), p.threads(), p.floorNs() == 0 ? "-" : us(p.floorNs()) + " us",
                            100 * p.error()));
                }
                out.println("  (floor: the least time of the kind at that shape, '-' none seen; a task asked for"
                        + " less is refused)");
            }
        }
    }

    private static String us(long ns) {
        return ns % 1000 == 0 ? Long.toString(ns / 1000) : String.format(Locale.ROOT, "%.1f", ns / 1000.0);
    }
}
