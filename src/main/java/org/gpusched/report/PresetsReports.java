package org.gpusched.report;

import org.gpusched.model.Gpu;
import org.gpusched.model.GpuPresets;
import org.gpusched.model.SmPolicy;

import java.io.PrintWriter;
import java.util.Arrays;

/** Renders {@code presets} as text, JSON and CSV. */
public final class PresetsReports {
    private PresetsReports() { }

    /** The text table's columns: preset, compute capability, then the per-SM limits. */
    private static final String TEXT_ROW = "%-22s %-4s %5s %7s %5s %6s %9s %9s %8s %12s %7s%n";

    /** Every GPU preset with its per-SM limits ('-' or an empty cell: unlimited). */
    public static void report(PrintWriter out, OutputFormat format, boolean quiet) {
        String[] head = {"preset", "cc", "sms", "threads", "warps", "blocks", "registers", "smemBytes", "smemUnit",
                "smemReserved", "kernels"};
        if (format == OutputFormat.csv) {
            out.println(String.join(",", head));
        } else if (format != OutputFormat.json) {
            out.printf(TEXT_ROW, (Object[]) head);
        }
        for (GpuPresets.Preset p : GpuPresets.all()) {
            Gpu g = p.toGpu(SmPolicy.MOST_ROOM);
            String[] row = {p.name(), g.computeCapability() == null ? "-" : g.computeCapability(), Gpu.show(g.sms()),
                    Gpu.show(g.maxThreadsPerSm()), Gpu.show(g.maxWarpsPerSm()), Gpu.show(g.maxBlocksPerSm()),
                    Gpu.show(g.registersPerSm()), Gpu.show(g.sharedMemoryPerSm()),
                    Gpu.show(g.sharedMemoryAllocationUnit()), Gpu.show(g.sharedMemoryReservedPerBlock()),
                    Gpu.show(g.maxResidentKernels())};
            if (format == OutputFormat.json) {
                // JSON Lines, as --format json promises: one object per preset.
                var o = Json.object().put("preset", p.name()).put("description", p.description())
                        .put("computeCapability", g.computeCapability());
                for (int i = 2; i < head.length; i++) {
                    o.put(head[i], "-".equals(row[i]) ? null : Long.parseLong(row[i]));
                }
                out.println(Json.line(o));
            } else if (format == OutputFormat.csv) {
                // In CSV a missing number (unlimited) is an empty cell, not "-" (docs/report-format.md).
                out.println(Csv.row(Arrays.stream(row).map(x -> x.equals("-") ? "" : x).toArray()));
            } else {
                out.printf(TEXT_ROW, (Object[]) row);
            }
        }
        if (format == OutputFormat.text && !quiet) {
            out.println("('-' = unlimited; shared memory in bytes; registers allocated per warp in units of 256)");
        }
    }
}
