package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.CopiesPropertyTest;

import java.util.SplittableRandom;

/**
 * Seeded random workload files with every feature the format has, as a user writes them: format
 * v1 (single kernels, GPU limits, every interference model) and v2 pipelines (chains, named
 * kernels), offsets on some or every task (so some sets have no idle instant and are answered from
 * power-on), release jitter, H2D/D2H copies around kernels, kernel kinds and CPU segments (of
 * length 0, as PBS needs) with a core and priorities. Small enough for the brute-force twins.
 */
final class RandomWorkloadFiles {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String[] KINDS = {"spin", "compute", "memory", "cache", "shared"};

    private RandomWorkloadFiles() { }

    static String json(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed ^ 0xC11L);
        String json = r.nextInt(3) == 0 ? v1(seed, r) : v2(seed, r);
        return r.nextBoolean() ? json : slower(json);
    }

    /**
     * The same set with every period, deadline, offset and jitter doubled: half the load, so that
     * about as many sets are schedulable (and reach the table's consumers) as are not.
     */
    private static String slower(String json) throws Exception {
        ObjectNode root = (ObjectNode) M.readTree(json);
        for (JsonNode t : root.get("tasks")) {
            for (String field : new String[] {"period", "deadline", "offset", "jitter"}) {
                if (t.has(field)) {
                    ((ObjectNode) t).put(field, 2 * t.get(field).asLong());
                }
            }
        }
        return root.toString();
    }

    private static String v1(long seed, SplittableRandom r) throws Exception {
        ObjectNode root = (ObjectNode) M.readTree(RandomTaskSets.json(seed, 2, 4));
        root.put("formatVersion", 1);
        boolean allOffsets = r.nextBoolean();
        for (JsonNode t : root.get("tasks")) {
            ObjectNode task = (ObjectNode) t;
            long period = task.get("period").asLong();
            long deadline = task.get("deadline").asLong();
            if (allOffsets || r.nextInt(3) == 0) {
                task.put("offset", r.nextInt((int) period));
            }
            if (r.nextInt(4) == 0) {
                task.put("jitter", r.nextInt((int) Math.min(deadline, 2) + 1));
            }
            if (task.has("kernel") && r.nextInt(3) == 0) {
                ((ObjectNode) task.get("kernel")).put("kind", KINDS[r.nextInt(KINDS.length)]);
            }
        }
        return root.toString();
    }

    private static String v2(long seed, SplittableRandom r) throws Exception {
        String pipeline = RandomPipelines.json(seed, 2, 4);
        ObjectNode root = (ObjectNode) M.readTree(r.nextInt(3) == 0 ? CopiesPropertyTest.withCopies(pipeline, seed, 2)
                : pipeline);
        boolean allOffsets = r.nextBoolean();
        boolean cpu = r.nextInt(4) == 0;
        int priority = 10;
        if (cpu) {
            root.putObject("platform").put("cpus", 2);
        }
        for (JsonNode t : root.get("tasks")) {
            ObjectNode task = (ObjectNode) t;
            if (allOffsets && !task.has("offset")) {
                task.put("offset", r.nextInt((int) task.get("period").asLong()));
            }
            for (JsonNode s : task.get("segments")) {
                JsonNode k = s.path("gpu").path("kernel");
                if (k.isObject() && r.nextInt(3) == 0) {
                    ((ObjectNode) k).put("kind", KINDS[r.nextInt(KINDS.length)]);
                }
            }
            if (cpu) {
                // PBS releases kernels at period boundaries: CPU work it analyses has length 0.
                task.withArray("segments").insertObject(0).put("cpu", 0);
                task.putObject("cpu").put("core", r.nextInt(2)).put("priority", priority);
                task.put("gpuPriority", priority--);
            }
        }
        return root.toString();
    }
}
