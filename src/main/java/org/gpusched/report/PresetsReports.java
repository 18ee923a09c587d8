package org.gpusched.report;

import org.gpusched.model.Gpu;
import org.gpusched.model.GpuPresets;
import org.gpusched.model.SmPolicy;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Renders {@code presets} as text, JSON and CSV. */
public final class PresetsReports {
    private PresetsReports() { }

    /** Every GPU preset with its per-SM limits ('-' or an empty cell: unlimited). */
    public static void report(PrintWriter out, OutputFormat format, boolean quiet) {
        String[] head = {"preset", "cc", "sms", "threads", "warps", "blocks", "registers", "smemBytes", "smemUnit",
                "smemReserved", "kernels"};
        if (format == OutputFormat.csv) {
            out.println(String.join(",", head));
        } else if (format != OutputFormat.json) {
            out.printf("%-22s %-4s %5s %7s %5s %6s %9s %9s %8s %12s %7s%n", (Object[]) head);
        }
        for (GpuPresets.Preset p : GpuPresets.all()) {
            Gpu g = p.toGpu(SmPolicy.MOST_ROOM);
            String[] v = values(g);
            String cc = g.computeCapability() == null ? "-" : g.computeCapability();
            if (format == OutputFormat.json) {
                // JSON Lines, as --format json promises: one object per preset.
                var o = Json.object().put("preset", p.name()).put("description", p.description())
                        .put("computeCapability", g.computeCapability());
                for (int i = 2; i < head.length; i++) {
                    o.put(head[i], "-".equals(v[i - 2]) ? null : Long.parseLong(v[i - 2]));
                }
                out.println(Json.line(o));
            } else if (format == OutputFormat.csv) {
                // In CSV a missing number (unlimited) is an empty cell, not "-" (docs/report-format.md).
                List<Object> cells = new ArrayList<>(List.of(p.name(), cc.equals("-") ? "" : cc));
                for (String x : v) {
                    cells.add(x.equals("-") ? "" : x);
                }
                out.println(Csv.row(cells.toArray()));
            } else {
                out.printf("%-22s %-4s %5s %7s %5s %6s %9s %9s %8s %12s %7s%n", p.name(), cc, v[0], v[1], v[2],
                        v[3], v[4], v[5], v[6], v[7], v[8]);
            }
        }
        if (format == OutputFormat.text && !quiet) {
            out.println("('-' = unlimited; shared memory in bytes; registers allocated per warp in units of 256)");
        }
    }

    private static String[] values(Gpu g) {
        return new String[] {Gpu.show(g.sms()), Gpu.show(g.maxThreadsPerSm()), Gpu.show(g.maxWarpsPerSm()),
                Gpu.show(g.maxBlocksPerSm()), Gpu.show(g.registersPerSm()), Gpu.show(g.sharedMemoryPerSm()),
                Gpu.show(g.sharedMemoryAllocationUnit()), Gpu.show(g.sharedMemoryReservedPerBlock()),
                Gpu.show(g.maxResidentKernels())};
    }
}
