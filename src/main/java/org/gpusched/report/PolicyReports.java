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

/**
 * Renders the common {@link MethodResult} of any policy as text, JSON and CSV. PBS and EDF results
 * keep their own rendering in {@link Reports} (their output predates the policy layer).
 */
public final class PolicyReports {
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

    public static String bool(MethodResult r) {
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
    public static ObjectNode result(MethodResult r, Workload w, boolean timing) {
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
}
