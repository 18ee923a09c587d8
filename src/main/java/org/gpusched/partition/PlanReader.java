package org.gpusched.partition;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.input.InputException;
import org.gpusched.input.StrictJson;

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
    public static PartitionPlan read(String file, String text, PartitionInput in, String sha256, boolean force) {
        // The same strict reading as task sets: limits, duplicate keys, trailing data, positions.
        JsonNode root = StrictJson.parse(file, text, "a gpusched partition plan").tree();
        if (root == null || !root.isObject() || !PlanFile.FORMAT.equals(root.path("format").asText(null))) {
            throw new InputException(file, "format", "not a gpusched partition plan (format must be \""
                    + PlanFile.FORMAT + "\")");
        }
        if (root.path("formatVersion").asInt(-1) != PlanFile.VERSION) {
            throw new InputException(file, "formatVersion", "unsupported plan formatVersion "
                    + root.path("formatVersion") + " (this gpusched reads " + PlanFile.VERSION + ")");
        }
        String hash = root.path("workload").path("sha256").asText("");
        if (!hash.equals(sha256) && !force) {
            throw new InputException(file, "workload.sha256", "the plan is for another workload (sha256 " + hash
                    + ", the workload's is " + sha256 + "); --force plays it anyway");
        }
        PartitionTest test;
        try {
            test = PartitionTest.parse(root.path("partitionTest").asText(""));
        } catch (IllegalArgumentException e) {
            throw new InputException(file, "partitionTest", e.getMessage());
        }
        Map<String, PTask> byName = new HashMap<>();
        in.tasks().forEach(t -> byName.put(t.name(), t));
        List<PartitionPlan.Partition> parts = new ArrayList<>();
        JsonNode ps = root.path("partitions");
        if (!ps.isArray()) {
            throw new InputException(file, "partitions", "missing array \"partitions\"");
        }
        for (int k = 0; k < ps.size(); k++) {
            String p = "partitions[" + k + "]";
            JsonNode x = ps.get(k);
            long sms = whole(file, p + ".sms", x.path("sms"));
            long first = whole(file, p + ".firstSm", x.path("firstSm"));
            long last = whole(file, p + ".lastSm", x.path("lastSm"));
            List<PTask> members = new ArrayList<>();
            JsonNode ts = x.path("tasks");
            for (int j = 0; j < ts.size(); j++) {
                String name = ts.get(j).path("task").asText("");
                PTask t = byName.get(name);
                if (t == null) {
                    throw new InputException(file, p + ".tasks[" + j + "].task", "unknown task \"" + name + "\"");
                }
                members.add(t);
            }
            boolean[] conflict = PartitionTest.conflicts(members);
            List<PartitionPlan.Slot> slots = new ArrayList<>();
            for (int j = 0; j < members.size(); j++) {
                PTask t = members.get(j);
                slots.add(new PartitionPlan.Slot(t.name(), t.index(), t.kind(), conflict[j],
                        test.time(t, conflict[j], Math.max(1, sms)), t.deadline(), t.period()));
            }
            parts.add(new PartitionPlan.Partition(x.path("name").asText("P" + k), sms, first, last, slots));
        }
        PartitionPlan plan = new PartitionPlan(in.sms(), test, parts);
        List<String> bad = PlanChecker.check(in, plan);
        if (!bad.isEmpty() && !force) {
            throw new InputException(file, "partitions", "not a valid plan for this workload: " + bad.get(0)
                    + (bad.size() > 1 ? " (and " + (bad.size() - 1) + " more)" : "") + "; --force plays it anyway");
        }
        return plan;
    }

    private static long whole(String file, String path, JsonNode v) {
        if (!v.canConvertToExactIntegral() || !v.canConvertToLong() || v.asLong() < 0) {
            throw new InputException(file, path, "must be an integer >= 0");
        }
        return v.asLong();
    }
}
