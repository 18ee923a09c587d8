package org.gpusched.input;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.InputException;
import org.gpusched.model.TimeUnitName;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads an {@code analyze --format json} line (a PBS-family report, docs/report-format.md) as
 * strictly as task sets are read: the fields a comparison uses must have their documented types and
 * values (verdict and time unit from their lists, times and jobs non-negative, every frame ending
 * after it starts, names without control characters), else one line naming the file, the JSON path,
 * line and column (exit 2). Fields it does not use are ignored, as the contract asks of a reader.
 */
public final class ReportReader {
    private static final Set<String> VERDICTS = Set.of("schedulable", "not schedulable", "inconclusive");
    /**
     * The largest magnitude of a time or count in a report: 2^53, what every JSON reader keeps exact,
     * and far above any table gpusched writes (hyperperiods of at most 10^12 ticks); a larger one is
     * tampering, and would overflow the differences a comparison takes.
     */
    static final long MAX_EXACT = 1L << 53;

    private ReportReader() { }

    /** One job of a frame's batch. */
    public record Job(String task, long job) { }

    /** One frame of the table, [start, end). */
    public record Frame(long start, long end, List<Job> batch) { }

    /** One task's margins. */
    public record Margin(String task, long worstResponse, long leastSlack) { }

    /** What a comparison reads of a report; {@code leastSlack} null when the report has none. */
    public record Report(String verdict, TimeUnitName timeUnit, Long leastSlack, List<String> streams,
                         List<Margin> margins, List<Frame> frames) { }

    /** Whether {@code content} looks like a report (one JSON object line with verdict and file) rather than a task set. */
    public static boolean looksLikeReport(JsonNode firstLine, String content) {
        return firstLine != null && firstLine.isObject() && firstLine.has("verdict") && firstLine.has("file")
                && content.strip().lines().count() == 1;
    }

    public static Report read(String file, String content) {
        StrictJson.Document d = StrictJson.parse(file, content.strip(), "an analyze JSON report");
        JsonNode r = d.tree();
        String verdict = text(d, r.path("verdict"), "verdict");
        if (!VERDICTS.contains(verdict)) {
            throw d.error("verdict", "not a verdict: \"" + Escapes.text(verdict) + "\" (expected one of "
                    + "schedulable, not schedulable, inconclusive)");
        }
        String unit = text(d, r.path("timeUnit"), "timeUnit");
        TimeUnitName tu = TimeUnitName.parse(unit).orElseThrow(() -> d.error("timeUnit", "unknown time unit \""
                + Escapes.text(unit) + "\" (expected tick, ns, us, ms or s)"));
        Long least = null;
        List<Margin> margins = new ArrayList<>();
        JsonNode m = r.path("margins");
        if (!m.isMissingNode() && !m.isNull()) {
            object(d, m, "margins");
            if (!m.path("leastSlack").isMissingNode() && !m.path("leastSlack").isNull()) {
                least = integer(d, m.path("leastSlack"), "margins.leastSlack", Long.MIN_VALUE);
            }
            JsonNode ts = array(d, m.path("tasks"), "margins.tasks", true);
            for (int i = 0; i < ts.size(); i++) {
                String p = "margins.tasks[" + i + "]";
                object(d, ts.get(i), p);
                // worstResponse is the field's name in reports written before the vocabulary was unified.
                String worst = ts.get(i).has("worstResponse") && !ts.get(i).has("worstResponseTime")
                        ? "worstResponse" : "worstResponseTime";
                margins.add(new Margin(name(d, ts.get(i).path("task"), p + ".task", "task name"),
                        integer(d, ts.get(i).path(worst), p + "." + worst, 0),
                        integer(d, ts.get(i).path("leastSlack"), p + ".leastSlack", Long.MIN_VALUE)));
            }
        }
        List<String> streams = new ArrayList<>();
        List<Frame> frames = new ArrayList<>();
        JsonNode t = r.path("table");
        if (!t.isMissingNode() && !t.isNull()) {
            object(d, t, "table");
            JsonNode ss = array(d, t.path("streams"), "table.streams", false);
            for (int i = 0; i < ss.size(); i++) {
                streams.add(name(d, ss.get(i), "table.streams[" + i + "]", "name"));
            }
            JsonNode es = array(d, t.path("entries"), "table.entries", false);
            for (int i = 0; i < es.size(); i++) {
                frames.add(frame(d, es.get(i), "table.entries[" + i + "]", streams.size()));
            }
            repeat(d, t.path("repeat"), es.size());
        }
        return new Report(verdict, tu, least, streams, margins, frames);
    }

    /** A power-on table's periodic part, when there is one: it must name an entry and a positive period. */
    private static void repeat(StrictJson.Document d, JsonNode r, int entries) {
        if (r.isMissingNode() || r.isNull()) {
            return;
        }
        object(d, r, "table.repeat");
        long from = integer(d, r.path("fromEntry"), "table.repeat.fromEntry", 0);
        if (from >= entries) {
            throw d.error("table.repeat.fromEntry", "no entry " + from + " (the table has " + entries + ")");
        }
        integer(d, r.path("every"), "table.repeat.every", 1);
    }

    private static Frame frame(StrictJson.Document d, JsonNode e, String p, int streams) {
        object(d, e, p);
        long start = integer(d, e.path("start"), p + ".start", 0);
        long end = integer(d, e.path("end"), p + ".end", 0);
        if (end < start) {
            throw d.error(p + ".end", "the frame ends (" + end + ") before it starts (" + start + ")");
        }
        JsonNode b = array(d, e.path("batch"), p + ".batch", false);
        if (b.isEmpty()) {
            throw d.error(p + ".batch", "an empty batch (every frame of a table runs at least one job)");
        }
        List<Job> jobs = new ArrayList<>();
        for (int k = 0; k < b.size(); k++) {
            String q = p + ".batch[" + k + "]";
            object(d, b.get(k), q);
            jobs.add(new Job(name(d, b.get(k).path("task"), q + ".task", "task name"),
                    integer(d, b.get(k).path("job"), q + ".job", 0)));
            long stream = integer(d, b.get(k).path("stream"), q + ".stream", 0);
            if (streams > 0 && stream >= streams) {
                throw d.error(q + ".stream", "no stream " + stream + " (the table has " + streams + ")");
            }
        }
        return new Frame(start, end, jobs);
    }

    private static String text(StrictJson.Document d, JsonNode n, String path) {
        if (n.isMissingNode()) {
            throw missing(d, path);
        }
        if (!n.isTextual()) {
            throw d.error(path, "expected a string, got " + kind(n));
        }
        return n.asText();
    }

    /**
     * The task-name rule of every format version (docs/format.md): a name from a report is held to it
     * too. {@code what}: "task name" for a task field, "name" for a stream.
     */
    private static String name(StrictJson.Document d, JsonNode n, String path, String what) {
        String s = text(d, n, path);
        if (!TaskSetValidator.NAME.matcher(s).matches()) {
            throw d.error(path, "invalid " + what + " \"" + Escapes.text(s) + "\" (allowed: letters, digits, _ . -,"
                    + " not starting with -)");
        }
        return s;
    }

    private static long integer(StrictJson.Document d, JsonNode n, String path, long min) {
        if (n.isMissingNode()) {
            throw missing(d, path);
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw d.error(path, "expected an integer, got " + kind(n));
        }
        if (n.asLong() < min) {
            throw d.error(path, "must be >= " + min + " (got " + n.asLong() + ")");
        }
        if (n.asLong() > MAX_EXACT || n.asLong() < -MAX_EXACT) {
            throw d.error(path, "out of range: " + n.asLong() + " (a report's times and counts are at most 2^53 in"
                    + " magnitude)");
        }
        return n.asLong();
    }

    private static void object(StrictJson.Document d, JsonNode n, String path) {
        if (!n.isObject()) {
            throw d.error(path, "expected an object, got " + kind(n));
        }
    }

    private static JsonNode array(StrictJson.Document d, JsonNode n, String path, boolean optional) {
        if (optional && (n.isMissingNode() || n.isNull())) {
            return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        }
        if (!n.isArray()) {
            if (n.isMissingNode()) {
                throw missing(d, path);
            }
            throw d.error(path, "expected an array, got " + kind(n));
        }
        return n;
    }

    private static String kind(JsonNode n) {
        return n.isMissingNode() ? "nothing" : n.isIntegralNumber() ? "an integer out of range or a number"
                : n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static InputException missing(StrictJson.Document d, String path) {
        int dot = path.lastIndexOf('.');
        return d.error(dot < 0 ? "" : path.substring(0, dot), "missing required field \"" + path.substring(dot + 1)
                + "\"");
    }
}
