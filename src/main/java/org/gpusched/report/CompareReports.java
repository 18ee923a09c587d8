package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.Workload;
import org.gpusched.policy.Detail;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.TaskRow;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders {@code compare}: every method side by side on one workload, as text, JSON and CSV. */
public final class CompareReports {
    private CompareReports() { }

    /** The keys v1's compare used; kept in the JSON for the scripts that read them. */
    private static final Map<String, String> LEGACY = Map.of("gpusched", "gpusched", "edf-serial", "edfSerial",
            "edf-parallel", "edfParallel");

    public static final String CSV_HEADER = "file,name,method,verdict,schedulable,evidence,note";

    public static void csv(PrintWriter out, String file, Workload w, List<MethodResult> results) {
        results.forEach(r -> out.println(Csv.row(file, w.name(), r.method(), r.outcome().words(),
                PolicyReports.bool(r), r.evidence().json(), r.reason())));
    }

    public static ObjectNode json(String file, Workload w, List<MethodResult> results) {
        ObjectNode o = Json.object().put("file", file).put("name", w.name()).put("formatVersion", w.formatVersion())
                .put("timeUnit", w.timeUnit().json());
        ArrayNode a = o.putArray("methods");
        for (MethodResult r : results) {
            ObjectNode m = PolicyReports.result(r, w, false);
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

    public static void text(PrintWriter out, String file, Workload w, List<MethodResult> results, boolean quiet) {
        out.println(Escapes.text(file) + (w.name() == null ? "" : " (" + Escapes.text(w.name()) + ")") + ": " + w.size() + " tasks, times in "
                + w.timeUnit().json());
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
                String cell = row == null ? "-" : PolicyReports.response(row)
                        + (Boolean.FALSE.equals(row.schedulable()) ? "!" : "");
                line.append(String.format(Locale.ROOT, " %" + Math.max(12, r.method().length()) + "s", cell));
            }
            out.println(line);
        }
    }
}
