package org.gpusched.report;

import org.gpusched.experiment.HardSets;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders {@code bench --hard-sets}: one line per point, engine and thread count, as text, JSON and CSV. */
public final class HardSetReports {
    private HardSetReports() { }

    /** CSV header: the JSON field names, in the JSON order (docs/report-format.md). */
    public static final List<String> COLUMNS = List.of("timeUnit", "utilization", "tasks", "engine", "threads", "sets",
            "decided", "schedulableSets", "notSchedulableSets", "decidedBySolver", "decidedMedianTime",
            "decidedMaxTime", "totalTime", "overshootTime");

    /** The CSV header or the text table's head; nothing for JSON Lines. */
    public static void header(PrintWriter out, OutputFormat format) {
        if (format == OutputFormat.csv) {
            out.println(String.join(",", COLUMNS));
        } else if (format == OutputFormat.text) {
            out.printf(Locale.ROOT, "%5s %5s %-9s %7s %5s %7s %5s %5s %6s %10s %10s %10s %11s%n", "U", "tasks",
                    "engine", "threads", "sets", "decided", "feas", "infea", "solver", "median ms", "max ms", "total ms",
                    "overshoot");
        }
    }

    public static void row(PrintWriter out, OutputFormat format, HardSets.Row r) {
        String engine = r.engine().name().toLowerCase(Locale.ROOT);
        List<Object> values = List.of("ms", r.utilization(), r.tasks(), engine, r.threads(), r.sets(), r.decided(),
                r.schedulable(), r.notSchedulable(), r.bySolver(), r.decidedMedianMs(), r.decidedMaxMs(), r.totalMs(),
                r.overshootMs());
        switch (format) {
            case json -> out.println(Json.line(BenchReports.json(COLUMNS, values)));
            case csv -> out.println(BenchReports.csv(COLUMNS, values));
            default -> out.printf(Locale.ROOT, "%5.2f %5d %-9s %7d %5d %7d %5d %5d %6d %10s %10s %10s %11s%n",
                    r.utilization(), r.tasks(), engine, r.threads(), r.sets(), r.decided(), r.schedulable(),
                    r.notSchedulable(), r.bySolver(), BenchReports.fmt(r.decidedMedianMs()), BenchReports.fmt(r.decidedMaxMs()),
                    BenchReports.fmt(r.totalMs()), BenchReports.fmt(r.overshootMs()));
        }
    }
}
