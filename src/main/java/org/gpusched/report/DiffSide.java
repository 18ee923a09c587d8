package org.gpusched.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.explore.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.Options;
import org.gpusched.input.InputException;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of a diff, read from a task set (analysed here) or from an {@code analyze --format json}
 * report: the verdict, the margins and the table, reduced to what a diff compares. The report side
 * is read through analyze's own JSON, so what the diff compares is what the report said.
 *
 * @param tasks  per task name: its parameters ("period 10000, deadline 10000, wcet 1500"), or ""
 *               when only a report was given (a report does not carry them)
 * @param margins per task name: {worst response, least slack}; empty without a table
 * @param frames the table, one "start-end: a#0 b#0" string per frame
 */
public record DiffSide(String file, String verdict, String timeUnit, Long leastSlack, Map<String, String> tasks,
                Map<String, long[]> margins, List<String> frames) {

    public static DiffSide read(Path file, Options options) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw org.gpusched.output.Reasons.of(file, "cannot read", e);
        }
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(text.lines().findFirst().orElse(""));
        } catch (IOException e) {
            n = null;
        }
        if (n != null && n.has("verdict") && n.has("file") && text.strip().lines().count() == 1) {
            return fromReport(file, n);
        }
        TaskSet ts = new TaskSetReader().read(file); // v1 or a PBS-applicable v2 set
        Analysis a = new GpuSchedExplorer(ts, options).analyze();
        return fromReport(file, Reports.json(file.toString(), ts, a, false), ts);
    }

    private static DiffSide fromReport(Path file, JsonNode r) {
        if (!r.path("verdict").isTextual()) {
            throw new InputException(file.toString(), "$.verdict", "not an analyze JSON report");
        }
        Map<String, String> tasks = new LinkedHashMap<>();
        r.path("table").path("streams").forEach(s -> tasks.put(s.asText(), ""));
        return build(file, r, tasks);
    }

    private static DiffSide fromReport(Path file, JsonNode r, TaskSet ts) {
        Map<String, String> tasks = new LinkedHashMap<>();
        for (Task t : ts.tasks()) {
            tasks.put(t.name(), "period " + t.period() + ", deadline " + t.deadline() + ", wcet " + t.wcet());
        }
        return build(file, r, tasks);
    }

    private static DiffSide build(Path file, JsonNode r, Map<String, String> tasks) {
        Map<String, long[]> margins = new LinkedHashMap<>();
        JsonNode m = r.path("margins");
        for (JsonNode t : m.path("tasks")) {
            margins.put(t.path("task").asText(), new long[] {worstResponseTime(t), t.path("leastSlack").asLong()});
            tasks.putIfAbsent(t.path("task").asText(), "");
        }
        List<String> frames = new ArrayList<>();
        for (JsonNode e : r.path("table").path("entries")) {
            List<String> batch = new ArrayList<>();
            e.path("batch").forEach(b -> batch.add(b.path("task").asText() + "#" + b.path("job").asInt()));
            frames.add(e.path("start").asLong() + "-" + e.path("end").asLong() + ": " + String.join(" ", batch));
        }
        Long least = m.path("leastSlack").isNumber() ? m.path("leastSlack").asLong() : null;
        return new DiffSide(file.toString(), r.path("verdict").asText(), r.path("timeUnit").asText(""), least, tasks,
                margins, frames);
    }

    /** A task's worst response time; reports of version 1 called it {@code worstResponse}. */
    private static long worstResponseTime(JsonNode t) {
        return (t.has("worstResponseTime") ? t.path("worstResponseTime") : t.path("worstResponse")).asLong();
    }
}
