package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.experiment.Bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders {@code bench}: one line per point of the sweep, as text, JSON and CSV. */
public final class BenchReports {
    private BenchReports() { }

    /** CSV header: the JSON field names, in the JSON order (docs/report-format.md). */
    public static final List<String> COLUMNS = List.of("timeUnit", "tasks", "utilization", "sets", "decided", "inconclusive",
            "schedulableSets", "notSchedulableSets", "medianTime", "p95Time", "maxTime", "schedulableMedianTime",
            "schedulableP95Time", "notSchedulableMedianTime", "notSchedulableP95Time", "vertices", "peakHeapMiB",
            "noMergeCompared", "ratioVsNoMerge", "vertexRatioVsNoMerge", "decidedBeforeSearch", "medianCpuTime",
            "maxCpuTime", "totalCpuTime", "totalTime", "checksShare", "boundShare", "expansionShare");

    /** The CSV header or the text table's head; nothing for JSON Lines. */
    public static void header(PrintWriter out, OutputFormat format) {
        if (format == OutputFormat.csv) {
            out.println(String.join(",", COLUMNS));
        } else if (format == OutputFormat.text) {
            out.printf(Locale.ROOT, "%5s %5s %5s %7s %6s %5s %5s %10s %10s %10s %11s %11s %10s %10s %10s %7s %7s %9s %7s %7s %7s%n",
                    "tasks", "U", "sets", "decided", "greedy", "feas", "infea", "median ms", "p95 ms", "max ms",
                    "feas p95", "infeas p95", "cpu med ms", "cpu max ms", "vertices", "heapMiB", "x none", "vtx x none",
                    "checks%", "bounds%", "expand%");
        }
    }

    /** One point of the sweep, as soon as it is measured. */
    public static void point(PrintWriter out, OutputFormat format, Bench.Point p) {
        long heapMiB = p.peakHeapBytes() >> 20;
        switch (format) {
            case json -> {
                // The report vocabulary (docs/report-format.md): analysis times in timeUnit, not a unit per name;
                // "schedulable" rather than "feasible" for the verdict the sets got.
                ObjectNode o = Json.object().put("timeUnit", "ms").put("tasks", p.tasks())
                        .put("utilization", p.utilization()).put("sets", p.sets()).put("decided", p.decided())
                        .put("inconclusive", p.inconclusive()).put("schedulableSets", p.feasible())
                        .put("notSchedulableSets", p.infeasible());
                num(o, "medianTime", p.medianMs());
                num(o, "p95Time", p.p95Ms());
                num(o, "maxTime", p.maxMs());
                num(o, "schedulableMedianTime", p.feasibleMedianMs());
                num(o, "schedulableP95Time", p.feasibleP95Ms());
                num(o, "notSchedulableMedianTime", p.infeasibleMedianMs());
                num(o, "notSchedulableP95Time", p.infeasibleP95Ms());
                if (p.vertices() == Math.rint(p.vertices())) {
                    o.put("vertices", (long) p.vertices()); // a count: an integer unless a median falls between two
                } else {
                    num(o, "vertices", p.vertices());
                }
                o.put("peakHeapMiB", heapMiB).put("noMergeCompared", p.noMergeCompared());
                num(o, "ratioVsNoMerge", p.ratioVsNoMerge());
                num(o, "vertexRatioVsNoMerge", p.vertexRatioVsNoMerge());
                o.put("decidedBeforeSearch", p.decidedBeforeSearch());
                num(o, "medianCpuTime", p.cpuMedianMs());
                num(o, "maxCpuTime", p.cpuMaxMs());
                num(o, "totalCpuTime", p.cpuTotalMs());
                num(o, "totalTime", p.wallTotalMs());
                num(o, "checksShare", p.checksShare());
                num(o, "boundShare", p.boundShare());
                num(o, "expansionShare", p.expansionShare());
                out.println(Json.line(o));
            }
            case csv -> out.println(Csv.row("ms", p.tasks(), cell(p.utilization()), p.sets(), p.decided(), p.inconclusive(),
                    p.feasible(), p.infeasible(), cell(p.medianMs()), cell(p.p95Ms()), cell(p.maxMs()),
                    cell(p.feasibleMedianMs()), cell(p.feasibleP95Ms()), cell(p.infeasibleMedianMs()),
                    cell(p.infeasibleP95Ms()), count(p.vertices()), heapMiB, p.noMergeCompared(), cell(p.ratioVsNoMerge()),
                    cell(p.vertexRatioVsNoMerge()), p.decidedBeforeSearch(), cell(p.cpuMedianMs()), cell(p.cpuMaxMs()),
                    cell(p.cpuTotalMs()), cell(p.wallTotalMs()), cell(p.checksShare()), cell(p.boundShare()),
                    cell(p.expansionShare())));
            default -> out.printf(Locale.ROOT,
                    "%5d %5.2f %5d %7d %6d %5d %5d %10s %10s %10s %11s %11s %10s %10s %10s %7d %7s %9s %7s %7s %7s%n",
                    p.tasks(), p.utilization(), p.sets(), p.decided(), p.decidedBeforeSearch(), p.feasible(),
                    p.infeasible(), fmt(p.medianMs()), fmt(p.p95Ms()), fmt(p.maxMs()), fmt(p.feasibleP95Ms()),
                    fmt(p.infeasibleP95Ms()), fmt(p.cpuMedianMs()), fmt(p.cpuMaxMs()), count(p.vertices()), heapMiB,
                    fmt(p.ratioVsNoMerge()), fmt(p.vertexRatioVsNoMerge()), percent(p.checksShare()),
                    percent(p.boundShare()), percent(p.expansionShare()));
        }
    }

    static void num(ObjectNode o, String key, double v) {
        o.put(key, Double.isNaN(v) ? null : Math.round(v * 1000) / 1000.0);
    }

    /** A CSV cell: a missing number is empty, not "-" (docs/report-format.md). */
    static String cell(double v) {
        return Double.isNaN(v) ? "" : fmt(v);
    }

    /** A median count: an integer, or x.5 when the median falls between two sets. */
    private static String count(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f", 100 * share);
    }

    static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3f", v);
    }
}
