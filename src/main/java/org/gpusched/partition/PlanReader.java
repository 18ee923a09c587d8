package org.gpusched.partition;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.input.StrictJson;
import org.gpusched.model.Escapes;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a partition plan file (PlanFile's format) against the workload it claims to be for. The
 * times in the file are not trusted: each task's time is recomputed from the workload's scaling
 * for its partition, and the plan is then checked independently ({@link PlanChecker}).
 */
public final class PlanReader {
    private PlanReader() { }

    /**
     * @param sha256 the workload's hash; a plan for another workload is refused unless {@code force}
     */
    public static SmPartitionPlan read(String file, String text, PartitionInput in, String sha256, boolean force) {
        // The same strict reading as task sets: limits, duplicate keys, trailing data, positions.
        StrictJson.Document d = StrictJson.parse(file, text, "a gpusched partition plan");
        JsonNode root = d.tree();
        if (root == null || !root.isObject() || !PlanFile.FORMAT.equals(root.path("format").asText(null))) {
            throw d.error("format", "not a gpusched partition plan (format must be \""
                    + PlanFile.FORMAT + "\")");
        }
        if (root.path("formatVersion").asInt(-1) != PlanFile.VERSION) {
            throw d.error("formatVersion", "unsupported plan formatVersion "
                    + root.path("formatVersion") + " (this gpusched reads " + PlanFile.VERSION + ")");
        }
        header(d, root);
        String hash = root.path("workload").path("sha256").asText("");
        if (!hash.equals(sha256) && !force) {
            throw d.error("workload.sha256", "the plan is for another workload (sha256 " + hash
                    + ", the workload's is " + sha256 + "); --force plays it anyway");
        }
        PartitionTest test;
        try {
            test = PartitionTest.parse(root.path("partitionTest").asText(""));
        } catch (IllegalArgumentException e) {
            throw d.error("partitionTest", e.getMessage());
        }
        Map<String, KernelTask> byName = new HashMap<>();
        in.tasks().forEach(t -> byName.put(t.name(), t));
        List<SmPartitionPlan.Partition> parts = new ArrayList<>();
        JsonNode ps = root.path("partitions");
        if (!ps.isArray()) {
            throw d.error("partitions", "missing array \"partitions\"");
        }
        for (int k = 0; k < ps.size(); k++) {
            String p = "partitions[" + k + "]";
            JsonNode x = ps.get(k);
            long sms = whole(d, p + ".sms", x.path("sms"));
            long first = whole(d, p + ".firstSm", x.path("firstSm"));
            long last = whole(d, p + ".lastSm", x.path("lastSm"));
            List<KernelTask> members = new ArrayList<>();
            JsonNode ts = x.path("tasks");
            if (!ts.isArray()) {
                throw d.error(p + ".tasks", "must be an array of tasks");
            }
            for (int j = 0; j < ts.size(); j++) {
                informational(d, p + ".tasks[" + j + "]", ts.get(j));
                String name = ts.get(j).path("task").asText("");
                KernelTask t = byName.get(name);
                if (t == null) {
                    throw d.error(p + ".tasks[" + j + "].task", "unknown task \"" + name + "\"");
                }
                members.add(t);
            }
            List<SmPartitionPlan.Slot> slots = SmPartitionPlan.Slot.of(members, test, Math.max(1, sms));
            if (x.has("name") && (!x.path("name").isTextual() || Escapes.hasUnsafe(x.path("name").asText()))) {
                throw d.error(p + ".name", "must be a string without control characters");
            }
            parts.add(new SmPartitionPlan.Partition(x.path("name").asText("P" + k), sms, first, last, slots));
        }
        SmPartitionPlan plan = new SmPartitionPlan(in.sms(), test, parts);
        List<String> bad = PlanChecker.check(in, plan);
        if (!bad.isEmpty() && !force) {
            throw d.error("partitions", "not a valid plan for this workload: " + bad.get(0)
                    + (bad.size() > 1 ? " (and " + (bad.size() - 1) + " more)" : "") + "; --force plays it anyway");
        }
        return plan;
    }

    /**
     * The fields a plan carries for people (kind, conflict, time, deadline, period, slack) are not
     * used, since they are recomputed from the workload; they must still have their types, so that a
     * plan edited by hand is not half-read: task a string, conflict a boolean, times integers
     * (deadline and period >= 1, time >= 0; slack may be negative).
     */
    private static void informational(StrictJson.Document d, String path, JsonNode t) {
        if (!t.isObject()) {
            throw d.error(path, "must be an object");
        }
        if (!t.path("task").isTextual()) {
            throw d.error(path + ".task", "must be a string");
        }
        if (t.has("kind") && !t.path("kind").isTextual()) {
            throw d.error(path + ".kind", "must be a string");
        }
        if (t.has("conflict") && !t.path("conflict").isBoolean()) {
            throw d.error(path + ".conflict", "must be true or false");
        }
        long[][] mins = {{0}, {1}, {1}, {Long.MIN_VALUE}};
        String[] fields = {"time", "deadline", "period", "slack"};
        for (int i = 0; i < fields.length; i++) {
            JsonNode v = t.path(fields[i]);
            if (t.has(fields[i]) && (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < mins[i][0])) {
                throw d.error(path + "." + fields[i], "must be an integer"
                        + (mins[i][0] == Long.MIN_VALUE ? "" : " >= " + mins[i][0]) + " (got " + v + ")");
            }
        }
    }

    /**
     * The header fields a plan carries for people (workload name, time unit, method, SM counts, the
     * scheduled workload): not used, but held to their types like the tasks' ones, so that a plan
     * whose method is an array or whose SM count is text is refused rather than played.
     */
    private static void header(StrictJson.Document d, JsonNode root) {
        if (!root.path("workload").isObject() || !root.path("workload").path("sha256").isTextual()) {
            throw d.error("workload", "must be an object with the workload's \"sha256\" (a string)");
        }
        for (String f : new String[] {"workload.name", "timeUnit", "method"}) {
            JsonNode v = f.startsWith("workload.") ? root.path("workload").path("name") : root.path(f);
            if (!v.isMissingNode() && (!v.isTextual() || v.asText().isEmpty() || Escapes.hasUnsafe(v.asText()))) {
                throw d.error(f, "must be a non-empty string without control characters");
            }
        }
        for (String f : new String[] {"gpuSms", "usedSms"}) {
            if (root.has(f)) {
                whole(d, f, root.path(f));
            }
        }
        if (root.has("scheduledWorkload") && !root.path("scheduledWorkload").isNumber()) {
            throw d.error("scheduledWorkload", "must be a number");
        }
    }

    private static long whole(StrictJson.Document d, String path, JsonNode v) {
        if (!v.canConvertToExactIntegral() || !v.canConvertToLong() || v.asLong() < 0) {
            throw d.error(path, "must be an integer >= 0");
        }
        return v.asLong();
    }
}
