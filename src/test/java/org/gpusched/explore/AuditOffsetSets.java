package org.gpusched.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.TaskSet;

import java.util.SplittableRandom;

/**
 * Random pipelines shaped like an audit of offset sets: the pipelines of {@link RandomPipelines}
 * (chains of one to three kernels, jitter, every interference model, GPU limits or none) with a
 * release offset on every task and, on half of them, H2D/D2H copies around the kernels. About a
 * third of them have no instant outside every job's window.
 */
final class AuditOffsetSets {
    private static final ObjectMapper M = new ObjectMapper();

    private AuditOffsetSets() { }

    static String json(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5EEDL);
        ObjectNode root = (ObjectNode) M.readTree(RandomPipelines.json(seed, 2, 4));
        for (JsonNode t : root.get("tasks")) {
            ((ObjectNode) t).put("offset", r.nextInt((int) t.get("period").asLong()));
        }
        String json = root.toString();
        return r.nextBoolean() ? CopiesPropertyTest.withCopies(json, seed, 2) : json;
    }

    static TaskSet generate(long seed) throws Exception {
        return new WorkloadReader().read("audit-" + seed + ".json", json(seed)).pbs();
    }
}
