package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.experiment.Bench;
import org.gpusched.experiment.HardSets;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Renders {@code bench}: one line per point of the sweep, and {@code bench --hard-sets}: one line per point,
 * engine and thread count; as text, JSON and CSV.
 */
public final class BenchReports {
    private BenchReports() { }

    /** CSV header: the JSON field names, in the JSON order (docs/report-format.md). */
    public static final List<String> COLUMNS = List.of("timeUnit", "tasks", "utilization", "sets", "decided", "inconclusive",
            "schedulableSets", "notSchedulableSets", "medianTime", "p95Time", "maxTime", "schedulableMedianTime",
            "schedulableP95Time", "notSchedulableMedianTime", "notSchedulableP95Time", "vertices", "peakHeapMiB",
            "noMergeCompared", "ratioVsNoMerge", "vertexRatioVsNoMerge", "decidedBeforeSearch", "medianCpuTime",
            "maxCpuTime", "totalCpuTime", "totalTime", "checksShare", "boundShare", "expansionShare");

    /** CSV header of {@code bench --hard-sets}: the JSON field names, in the JSON order (docs/report-format.md). */
    public static final List<String> HARD_SET_COLUMNS = List.of("timeUnit", "utilization", "tasks", "engine", "threads",
            "sets", "decided", "schedulableSets", "notSchedulableSets", "decidedBySolver", "decidedMedianTime",
            "decidedMaxTime", "totalTime", "overshootTime");

    public static void header(PrintWriter out, OutputFormat format) {
        header(out, format, COLUMNS, String.format(Locale.ROOT, "%5s %5s %5s %7s %6s %5s %5s %10s %10s %10s %11s %11s"
                + " %10s %10s %10s %7s %7s %9s %7s %7s %7s%n", "tasks", "U", "sets", "decided", "greedy", "feas",
                "infea", "median ms", "p95 ms", "max ms", "feas p95", "infeas p95", "cpu med ms", "cpu max ms",
                "vertices", "heapMiB", "x none", "vtx x none", "checks%", "bounds%", "expand%"));
    }

    public static void hardSetHeader(PrintWriter out, OutputFormat format) {
        header(out, format, HARD_SET_COLUMNS, String.format(Locale.ROOT, "%5s %5s %-9s %7s %5s %7s %5s %5s %6s %10s"
                + " %10s %10s %11s%n", "U", "tasks", "engine", "threads", "sets", "decided", "feas", "infea", "solver",
                "median ms", "max ms", "total ms", "overshoot"));
    }

    /** The CSV header or the text table's head; nothing for JSON Lines. */
    private static void header(PrintWriter out, OutputFormat format, List<String> columns, String textHead) {
        if (format == OutputFormat.csv) {
            out.println(String.join(",", columns));
        } else if (format == OutputFormat.text) {
            out.print(textHead);
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

    /** One row of {@code bench --hard-sets}: a point, engine and thread count. */
    public static void hardSetRow(PrintWriter out, OutputFormat format, HardSets.Row r) {
        String engine = r.engine().name().toLowerCase(Locale.ROOT);
        List<Object> values = List.of("ms", r.utilization(), r.tasks(), engine, r.threads(), r.sets(), r.decided(),
                r.schedulable(), r.notSchedulable(), r.bySolver(), r.decidedMedianMs(), r.decidedMaxMs(), r.totalMs(),
                r.overshootMs());
        switch (format) {
            case json -> out.println(Json.line(json(HARD_SET_COLUMNS, values)));
            case csv -> out.println(csv(HARD_SET_COLUMNS, values));
            default -> out.printf(Locale.ROOT, "%5.2f %5d %-9s %7d %5d %7d %5d %5d %6d %10s %10s %10s %11s%n",
                    r.utilization(), r.tasks(), engine, r.threads(), r.sets(), r.decided(), r.schedulable(),
                    r.notSchedulable(), r.bySolver(), fmt(r.decidedMedianMs()), fmt(r.decidedMaxMs()),
                    fmt(r.totalMs()), fmt(r.overshootMs()));
        }
    }

    /**
     * A row's JSON object, a field per column: a time rounded to the microsecond (NaN: null), the
     * utilization as drawn, a vertex count an integer unless a median falls between two.
     */
    private static ObjectNode json(List<String> columns, List<Object> values) {
        ObjectNode o = Json.object();
        for (int i = 0; i < columns.size(); i++) {
            String key = columns.get(i);
            if (!(values.get(i) instanceof Double d) || key.equals("utilization")) {
                o.set(key, Json.MAPPER.valueToTree(values.get(i)));
            } else if (key.equals("vertices") && d == Math.rint(d)) {
                o.put(key, d.longValue());
            } else {
                o.put(key, Double.isNaN(d) ? null : Math.round(d * 1000) / 1000.0);
            }
        }
        return o;
    }

    /** A row's CSV line, a cell per column: a number as {@link #cell}, a vertex count as {@link #count}. */
    private static String csv(List<String> columns, List<Object> values) {
        return Csv.row(IntStream.range(0, values.size()).mapToObj(i -> values.get(i) instanceof Double d
                ? columns.get(i).equals("vertices") ? count(d) : cell(d) : values.get(i)).toArray());
    }

    /** A CSV cell: a missing number is empty, not "-" (docs/report-format.md). */
    private static String cell(double v) {
        return Double.isNaN(v) ? "" : fmt(v);
    }

    /** A median count: an integer, or x.5 when the median falls between two sets. */
    private static String count(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f", 100 * share);
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.3f", v);
    }
}
