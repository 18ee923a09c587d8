package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
        switch (format) {
            case json -> {
                ObjectNode o = Json.object().put("timeUnit", "ms").put("utilization", r.utilization())
                        .put("tasks", r.tasks()).put("engine", engine).put("threads", r.threads())
                        .put("sets", r.sets()).put("decided", r.decided()).put("schedulableSets", r.schedulable())
                        .put("notSchedulableSets", r.notSchedulable()).put("decidedBySolver", r.bySolver());
                BenchReports.num(o, "decidedMedianTime", r.decidedMedianMs());
                BenchReports.num(o, "decidedMaxTime", r.decidedMaxMs());
                BenchReports.num(o, "totalTime", r.totalMs());
                BenchReports.num(o, "overshootTime", r.overshootMs());
                out.println(Json.line(o));
            }
            case csv -> out.println(Csv.row("ms", BenchReports.cell(r.utilization()), r.tasks(), engine, r.threads(), r.sets(),
                    r.decided(), r.schedulable(), r.notSchedulable(), r.bySolver(), BenchReports.cell(r.decidedMedianMs()),
                    BenchReports.cell(r.decidedMaxMs()), BenchReports.cell(r.totalMs()),
                    BenchReports.cell(r.overshootMs())));
            default -> out.printf(Locale.ROOT, "%5.2f %5d %-9s %7d %5d %7d %5d %5d %6d %10s %10s %10s %11s%n",
                    r.utilization(), r.tasks(), engine, r.threads(), r.sets(), r.decided(), r.schedulable(),
                    r.notSchedulable(), r.bySolver(), BenchReports.fmt(r.decidedMedianMs()), BenchReports.fmt(r.decidedMaxMs()),
                    BenchReports.fmt(r.totalMs()), BenchReports.fmt(r.overshootMs()));
        }
    }
}
