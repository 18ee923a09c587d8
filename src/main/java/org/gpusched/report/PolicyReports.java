package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.Workload;
import org.gpusched.policy.Detail;
import org.gpusched.policy.Method;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.TaskRow;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders the common {@link MethodResult} of any policy as text, JSON and CSV, alone ({@code analyze}) or every
 * method side by side on one workload ({@code compare}). PBS and EDF results keep their own rendering in
 * {@link Reports} (their output predates the policy layer).
 */
public final class PolicyReports {
    public static final String COMPARE_CSV_HEADER = "file,name,method,verdict,schedulable,evidence,note";

    /** The keys v1's compare used; kept in the JSON for the scripts that read them. */
    private static final Map<String, String> LEGACY = Map.of("gpusched", "gpusched", "edf-serial", "edfSerial",
            "edf-parallel", "edfParallel");

    private PolicyReports() { }

    /** {@code analyze} for a method whose detail is not PBS frames. */
    public static void analyze(PrintWriter out, OutputFormat format, boolean quiet, String file, Workload w, MethodResult r, boolean timing) {
        switch (format) {
            case json -> {
                ObjectNode o = Json.object().put("file", file).put("name", w.name());
                o.setAll(result(r, w, timing));
                out.println(Json.line(o));
            }
            case csv -> out.println(Csv.row(file, w.name(), r.method(), r.outcome().words(), bool(r), "", "", "", "",
                    "", "", "", "", "", timing ? String.format(Locale.ROOT, "%.3f", r.elapsedNanos() / 1e6) : "",
                    r.reason(), "", "", ""));
            default -> {
                out.println(Escapes.text(file) + ": " + r.outcome().words() + (r.reason() == null ? "" : " (" + r.reason() + ")"));
                if (quiet) {
                    return;
                }
                out.printf(Locale.ROOT, "  method        %s (%s)%n", r.method(), r.evidence().meaning());
                out.printf(Locale.ROOT, "  workload      %s: %d tasks, times in %s%n", Escapes.text(w.displayName()), w.size(),
                        w.timeUnit().json());
                if (timing) {
                    out.printf(Locale.ROOT, "  time          %.1f ms%n", r.elapsedNanos() / 1e6);
                }
                taskRows(out, w, r);
                if (r.detail() instanceof Detail.Facts facts) {
                    facts(out, facts);
                }
            }
        }
    }

    private static String bool(MethodResult r) {
        Boolean b = r.outcome().asBoolean();
        return b == null ? "" : b.toString();
    }

    /** A task's response ("-" unknown, "> D" no bound within the deadline), as every report prints it. */
    public static String response(TaskRow row) {
        if (row.responseTime().isPresent()) {
            return Long.toString(row.responseTime().getAsLong());
        }
        return row.schedulable() == null || row.bestEffort() ? "-" : "> D";
    }

    private static void taskRows(PrintWriter out, Workload w, MethodResult r) {
        if (r.tasks().isEmpty()) {
            return;
        }
        out.printf(Locale.ROOT, "  tasks         %-16s %12s %12s  %s%n", "task", "response", "deadline", "verdict");
        for (int i = 0; i < r.tasks().size(); i++) {
            TaskRow row = r.tasks().get(i);
            String verdict = row.bestEffort() ? "best effort (not judged)" : row.schedulable() == null ? "-"
                    : row.schedulable() ? "meets its deadline" : "misses its deadline";
            out.printf(Locale.ROOT, "                %-16s %12s %12d  %s%n", row.task(), response(row),
                    w.task(i).deadline(), verdict);
        }
    }

    private static void facts(PrintWriter out, Detail.Facts facts) {
        for (Detail.Fact f : facts.facts()) {
            Object v = f.value() instanceof List<?> l ? String.join(" > ", l.stream().map(String::valueOf).toList())
                    : f.value();
            out.printf(Locale.ROOT, "  %-13s %s%n", f.key(), v);
        }
        for (Detail.Table t : facts.tables()) {
            out.println("  " + t.name());
            out.println("    " + String.join("  ", t.columns()));
            for (List<Object> row : t.rows()) {
                out.println("    " + String.join("  ", row.stream().map(String::valueOf).toList()));
            }
        }
    }

    /** The JSON of one result: verdict, evidence, reason, per-task rows and the detail. */
    private static ObjectNode result(MethodResult r, Workload w, boolean timing) {
        ObjectNode o = Json.object().put("method", r.method()).put("schedulable", r.outcome().asBoolean());
        o.put("verdict", r.outcome().words()).put("evidence", r.evidence().json()).put("reason", r.reason())
                .put("timeUnit", w.timeUnit().json());
        ArrayNode tasks = o.putArray("tasks");
        for (TaskRow row : r.tasks()) {
            tasks.addObject().put("task", row.task())
                    .put("responseTime", row.responseTime().isPresent() ? row.responseTime().getAsLong() : null)
                    .put("schedulable", row.schedulable()).put("bestEffort", row.bestEffort());
        }
        o.set("detail", detail(r.detail()));
        if (timing) {
            o.put("timeMs", Math.round(r.elapsedNanos() / 1e3) / 1000.0);
        }
        return o;
    }

    private static ObjectNode detail(Detail d) {
        ObjectNode o = Json.object();
        if (d instanceof Detail.Frames f) {
            o.put("frames", f.baseline() != null ? f.baseline().frameCount() : f.analysis().schedule().size());
            if (f.baseline() != null) {
                o.put("misses", f.baseline().missCount());
            }
            return o;
        }
        Detail.Facts facts = (Detail.Facts) d;
        for (Detail.Fact f : facts.facts()) {
            o.set(f.key(), Json.MAPPER.valueToTree(f.value()));
        }
        for (Detail.Table t : facts.tables()) {
            ArrayNode rows = o.putArray(t.name());
            for (List<Object> row : t.rows()) {
                ObjectNode x = rows.addObject();
                for (int c = 0; c < t.columns().size(); c++) {
                    x.set(t.columns().get(c), Json.MAPPER.valueToTree(row.get(c)));
                }
            }
        }
        return o;
    }

    /** {@code gpusched methods}: one line per method with its source. */
    public static void methods(PrintWriter out, OutputFormat format, List<Method> methods) {
        switch (format) {
            // JSON Lines like every report: one object per method, its name under "method" as in compare.
            case json -> methods.forEach(m -> out.println(Json.line(Json.MAPPER.createObjectNode()
                    .put("method", m.id()).put("evidence", m.evidence().json())
                    .put("description", m.description()).put("source", m.source()))));
            case csv -> {
                out.println("method,evidence,description,source");
                methods.forEach(m -> out.println(Csv.row(m.id(), m.evidence().json(), m.description(), m.source())));
            }
            default -> methods.forEach(m -> out.printf(Locale.ROOT, "%-18s %-10s %s [%s]%n", m.id(),
                    m.evidence().json(), m.description(), m.source()));
        }
    }

    /** {@code compare}: every method side by side on one workload, a CSV line per method. */
    public static void compareCsv(PrintWriter out, String file, Workload w, List<MethodResult> results) {
        results.forEach(r -> out.println(Csv.row(file, w.name(), r.method(), r.outcome().words(),
                bool(r), r.evidence().json(), r.reason())));
    }

    public static ObjectNode compareJson(String file, Workload w, List<MethodResult> results) {
        ObjectNode o = Json.object().put("file", file).put("name", w.name()).put("formatVersion", w.formatVersion())
                .put("timeUnit", w.timeUnit().json());
        ArrayNode a = o.putArray("methods");
        for (MethodResult r : results) {
            ObjectNode m = result(r, w, false);
            if (engine(r) != null) {
                m.put("engine", engine(r));
            }
            a.add(m);
            String key = LEGACY.get(r.method());
            if (key != null && r.detail() instanceof Detail.Frames fr) {
                // An EDF rule decided over arrival windows (jitter) rather than by one simulation: the v1
                // fields with the frames of the schedule it reports (none when no scenario is safe).
                o.set(key, fr.baseline() != null ? Reports.baseline(fr.taskSet(), fr.baseline())
                        : key.equals("gpusched") ? legacyPbs(r)
                        : legacyPbs(r).put("frames", fr.analysis() == null ? 0 : fr.analysis().schedule().size()));
            }
        }
        return o;
    }

    /** The engine that decided a PBS row when --engine named another than the graph search alone; else null. */
    private static String engine(MethodResult r) {
        return r.detail() instanceof Detail.Frames fr && fr.analysis() != null ? fr.analysis().engine() : null;
    }

    private static ObjectNode legacyPbs(MethodResult r) {
        ObjectNode gs = Json.object().put("schedulable", r.outcome().asBoolean());
        gs.putArray("misses");
        return gs.put("verdict", r.outcome().words()).put("note", r.reason());
    }

    public static void compareText(PrintWriter out, String file, Workload w, List<MethodResult> results,
                                   boolean quiet) {
        out.println(Escapes.text(file) + (w.name() == null ? "" : " (" + Escapes.text(w.name()) + ")") + ": "
                + w.size() + " tasks, times in " + w.timeUnit().json());
        int width = Math.max(14, results.stream().mapToInt(r -> r.method().length()).max().orElse(0));
        for (MethodResult r : results) {
            String reason = r.reason() == null ? "" : r.reason();
            if (engine(r) != null) {
                reason = (reason.isEmpty() ? "" : reason + "; ") + "engine " + engine(r);
            }
            out.println(String.format(Locale.ROOT, "  %-" + width + "s %-16s %-11s %s", r.method(),
                    r.outcome().words(), r.evidence().json(), reason).stripTrailing());
        }
        List<MethodResult> withRows = results.stream().filter(r -> !r.tasks().isEmpty()).toList();
        if (quiet || withRows.isEmpty()) {
            return;
        }
        out.println("  response times per task (bound, schedule found, or simulated worst; '> D': no bound within"
                + " the deadline; '-': not known):");
        int names = Math.max(16, w.tasks().stream().mapToInt(t -> t.name().length()).max().orElse(0));
        String first = "    %-" + names + "s %10s";
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, first, "task", "deadline"));
        withRows.forEach(r -> head.append(String.format(Locale.ROOT, " %" + Math.max(12, r.method().length()) + "s",
                r.method())));
        out.println(head);
        for (int i = 0; i < w.size(); i++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, first, w.task(i).name(),
                    w.task(i).deadline()));
            for (MethodResult r : withRows) {
                TaskRow row = i < r.tasks().size() ? r.tasks().get(i) : null;
                String cell = row == null ? "-" : response(row)
                        + (Boolean.FALSE.equals(row.schedulable()) ? "!" : "");
                line.append(String.format(Locale.ROOT, " %" + Math.max(12, r.method().length()) + "s", cell));
            }
            out.println(line);
        }
    }
}
