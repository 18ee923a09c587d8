package org.gpusched.partition;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The partition plan file (analyze --plan): versioned JSON, linked to its workload by the
 * workload's SHA-256 as the scheduling table is (docs/partitioning.md has the format).
 */
public final class PlanFile {
    public static final String FORMAT = "gpusched-partition-plan";
    public static final int VERSION = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().setDefaultPrettyPrinter(Canonical.PRETTY)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private PlanFile() { }

    public static String text(SmPartitionPlan plan, String workloadName, String sha256, String timeUnit, String method) {
        ObjectNode o = MAPPER.createObjectNode().put("format", FORMAT).put("formatVersion", VERSION);
        o.putObject("workload").put("name", workloadName).put("sha256", sha256);
        o.put("timeUnit", timeUnit).put("method", method).put("partitionTest", plan.test().id())
                .put("gpuSms", plan.gpuSms()).put("usedSms", plan.usedSms())
                .put("scheduledWorkload", BigDecimal.valueOf(plan.scheduledWorkload()).setScale(6, RoundingMode.HALF_EVEN));
        ArrayNode parts = o.putArray("partitions");
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            ObjectNode x = parts.addObject().put("name", p.name()).put("sms", p.sms()).put("firstSm", p.firstSm())
                    .put("lastSm", p.lastSm());
            ArrayNode ts = x.putArray("tasks");
            for (SmPartitionPlan.Slot s : p.tasks()) {
                ts.addObject().put("task", s.task()).put("kind", s.kind().json()).put("conflict", s.conflict())
                        .put("time", s.time()).put("deadline", s.deadline()).put("period", s.period())
                        .put("slack", s.slack());
            }
        }
        try {
            return MAPPER.writeValueAsString(o) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
