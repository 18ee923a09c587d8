package org.gpusched.cli;

import org.gpusched.report.Csv;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;
import org.gpusched.model.Gpu;
import org.gpusched.model.GpuPresets;
import org.gpusched.model.SmPolicy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "presets", mixinStandardHelpOptions = true,
        description = "List the GPU presets a task set can name in gpu.preset, with their per-SM limits.",
        footerHeading = "%nExamples:%n", footer = {"  gpusched presets", "  gpusched presets --format csv"})
final class PresetsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String[] head = {"preset", "cc", "sms", "threads", "warps", "blocks", "registers", "smemBytes", "smemUnit",
                "smemReserved", "kernels"};
        if (common.format == OutputFormat.json) {
            // JSON Lines, as --format json promises: one object per preset.
            for (GpuPresets.Preset p : GpuPresets.all()) {
                Gpu g = p.toGpu(SmPolicy.MOST_ROOM);
                var o = Json.object().put("preset", p.name()).put("description", p.description())
                        .put("computeCapability", g.computeCapability());
                String[] vals = values(g);
                for (int i = 2; i < head.length; i++) {
                    if ("-".equals(vals[i - 2])) {
                        o.putNull(head[i]);
                    } else {
                        o.put(head[i], Long.parseLong(vals[i - 2]));
                    }
                }
                out.println(Json.line(o));
            }
            return ExitCodes.OK;
        }
        if (common.format == OutputFormat.csv) {
            out.println(String.join(",", head));
        } else {
            out.printf("%-22s %-4s %5s %7s %5s %6s %9s %9s %8s %12s %7s%n", (Object[]) head);
        }
        for (GpuPresets.Preset p : GpuPresets.all()) {
            Gpu g = p.toGpu(SmPolicy.MOST_ROOM);
            String[] v = values(g);
            String cc = g.computeCapability() == null ? "-" : g.computeCapability();
            if (common.format == OutputFormat.csv) {
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
        if (common.format == OutputFormat.text && !common.quiet) {
            out.println("('-' = unlimited; shared memory in bytes; registers allocated per warp in units of 256)");
        }
        return ExitCodes.OK;
    }

    private static String[] values(Gpu g) {
        return new String[] {Gpu.show(g.sms()), Gpu.show(g.maxThreadsPerSm()), Gpu.show(g.maxWarpsPerSm()),
                Gpu.show(g.maxBlocksPerSm()), Gpu.show(g.registersPerSm()), Gpu.show(g.sharedMemoryPerSm()),
                Gpu.show(g.sharedMemoryAllocationUnit()), Gpu.show(g.sharedMemoryReservedPerBlock()),
                Gpu.show(g.maxResidentKernels())};
    }
}
