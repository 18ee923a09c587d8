package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.experiment.Bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

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
        List<Object> values = List.of("ms", p.tasks(), p.utilization(), p.sets(), p.decided(), p.inconclusive(),
                p.feasible(), p.infeasible(), p.medianMs(), p.p95Ms(), p.maxMs(), p.feasibleMedianMs(),
                p.feasibleP95Ms(), p.infeasibleMedianMs(), p.infeasibleP95Ms(), p.vertices(), heapMiB,
                p.noMergeCompared(), p.ratioVsNoMerge(), p.vertexRatioVsNoMerge(), p.decidedBeforeSearch(),
                p.cpuMedianMs(), p.cpuMaxMs(), p.cpuTotalMs(), p.wallTotalMs(), p.checksShare(), p.boundShare(),
                p.expansionShare());
        switch (format) {
            // The report vocabulary (docs/report-format.md): analysis times in timeUnit, not a unit per name;
            // "schedulable" rather than "feasible" for the verdict the sets got.
            case json -> out.println(Json.line(json(COLUMNS, values)));
            case csv -> out.println(csv(COLUMNS, values));
            default -> out.printf(Locale.ROOT,
                    "%5d %5.2f %5d %7d %6d %5d %5d %10s %10s %10s %11s %11s %10s %10s %10s %7d %7s %9s %7s %7s %7s%n",
                    p.tasks(), p.utilization(), p.sets(), p.decided(), p.decidedBeforeSearch(), p.feasible(),
                    p.infeasible(), fmt(p.medianMs()), fmt(p.p95Ms()), fmt(p.maxMs()), fmt(p.feasibleP95Ms()),
                    fmt(p.infeasibleP95Ms()), fmt(p.cpuMedianMs()), fmt(p.cpuMaxMs()), count(p.vertices()), heapMiB,
                    fmt(p.ratioVsNoMerge()), fmt(p.vertexRatioVsNoMerge()), percent(p.checksShare()),
                    percent(p.boundShare()), percent(p.expansionShare()));
        }
    }

    /**
     * A row's JSON object, a field per column: a time rounded to the microsecond (NaN: null), the
     * utilization as drawn, a vertex count an integer unless a median falls between two.
     */
    static ObjectNode json(List<String> columns, List<Object> values) {
        ObjectNode o = Json.object();
        for (int i = 0; i < columns.size(); i++) {
            String key = columns.get(i);
            if (!(values.get(i) instanceof Double d) || key.equals("utilization")) {
                o.set(key, Json.MAPPER.valueToTree(values.get(i)));
            } else if (key.equals("vertices") && d == Math.rint(d)) {
                o.put(key, d.longValue());
            } else {
                num(o, key, d);
            }
        }
        return o;
    }

    /** A row's CSV line, a cell per column: a number as {@link #cell}, a vertex count as {@link #count}. */
    static String csv(List<String> columns, List<Object> values) {
        return Csv.row(IntStream.range(0, values.size()).mapToObj(i -> values.get(i) instanceof Double d
                ? columns.get(i).equals("vertices") ? count(d) : cell(d) : values.get(i)).toArray());
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
