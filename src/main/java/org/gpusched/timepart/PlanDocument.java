package org.gpusched.timepart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;

import java.io.IOException;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A workload document with an optimised plan written into it. The input's text is edited as a tree,
 * not re-serialised from the model, so everything the search did not change (x, comments' neighbours,
 * key order) stays as the user wrote it.
 */
public final class PlanDocument {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PlanDocument() { }

    /** The document with only partition {@code p}'s windows replaced by {@code w}. */
    public static String withWindow(String content, int p, Platform.Window w) throws IOException {
        JsonNode tree = MAPPER.readTree(content);
        window(((ObjectNode) tree.path("platform").path("timePartitions").path("partitions").get(p))
                .putArray("windows"), w);
        return text(tree);
    }

    /** The document with the plan, each task's partition and priority set (everything else kept). */
    public static String withPlan(String content, Workload w, TimePartitionSearch.Candidate best) throws IOException {
        JsonNode tree = MAPPER.readTree(content);
        if (best.plan() != null) {
            ObjectNode tp = ((ObjectNode) tree.path("platform")).putObject("timePartitions");
            tp.put("majorFrame", best.plan().majorFrame());
            ArrayNode parts = tp.putArray("partitions");
            for (Platform.Partition p : best.plan().partitions()) {
                ObjectNode pn = parts.addObject().put("name", p.name());
                ArrayNode ws = pn.putArray("windows");
                p.windows().forEach(win -> window(ws, win));
            }
        }
        List<Flow> flows = Flows.of(w);
        ArrayNode tasks = (ArrayNode) tree.path("tasks");
        for (int i = 0; i < flows.size(); i++) {
            ObjectNode t = (ObjectNode) tasks.get(i);
            JsonNode cpu = t.path("cpu");
            ObjectNode c = cpu.isObject() ? (ObjectNode) cpu : t.putObject("cpu");
            c.put("priority", best.priorities()[i]);
            if (best.plan() != null && (flows.get(i).usesCpu() || TimePartitionSearch.usesGpu(flows.get(i)))) {
                t.put("partition", TimePartitionSearch.usesGpu(flows.get(i)) ? TimePartitionSearch.GPU : TimePartitionSearch.CPU);
            }
        }
        return text(tree);
    }

    /** The index of the partition named {@code name}, or -1. */
    public static int partitionIndex(Platform.TimePartitions plan, String name) {
        return IntStream.range(0, plan.partitions().size()).filter(i -> plan.partitions().get(i).name().equals(name))
                .findFirst().orElse(-1);
    }

    private static void window(ArrayNode windows, Platform.Window w) {
        ObjectNode win = windows.addObject().put("start", w.start()).put("length", w.length());
        w.core().ifPresent(c -> win.put("core", c));
    }

    private static String text(JsonNode tree) throws IOException {
        return MAPPER.writer(Canonical.PRETTY).writeValueAsString(tree) + "\n";
    }
}
