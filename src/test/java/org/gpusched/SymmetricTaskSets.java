package org.gpusched;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.input.TaskSetReader;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.TaskSet;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random task sets with interchangeable tasks: a {@link RandomTaskSets} set plus copies of
 * some of its tasks (same period, deadline, wcet, kernel, slowdown factor, and table entries
 * mirrored). A copy is sometimes made slightly different (its deadline or its wcet), so that a
 * symmetry rule that merges too much meets tasks it must keep apart; and sometimes its table
 * entries are not mirrored, so that the table's own symmetry is checked.
 */
public final class SymmetricTaskSets {
    private static final ObjectMapper M = new ObjectMapper();

    private SymmetricTaskSets() { }

    public static TaskSet generate(long seed) {
        return new TaskSetReader().read("symmetric-" + seed + ".json", json(seed, false));
    }

    /**
     * The same from a {@link RandomPipelines} set (chains, offsets, jitter, table entries naming
     * kernels), or null when the set has no cut of its window (only the power-on analysis answers).
     */
    public static TaskSet pipelines(long seed) {
        TaskSet ts = new WorkloadReader().read("symmetric-pipeline-" + seed + ".json", json(seed, true)).pbs();
        return ts.origin() < 0 ? null : ts;
    }

    public static String json(long seed, boolean pipelines) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5A5A5A5AL);
        ObjectNode root;
        try {
            root = (ObjectNode) M.readTree(pipelines ? RandomPipelines.json(seed, 2, 3) : RandomTaskSets.json(seed, 2, 3));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        root.put("name", "symmetric-" + seed);
        ArrayNode tasks = (ArrayNode) root.get("tasks");
        int n = tasks.size();
        int copies = 1 + r.nextInt(2);
        for (int c = 0; c < copies; c++) {
            int of = r.nextInt(n);
            ObjectNode orig = (ObjectNode) tasks.get(of);
            ObjectNode copy = orig.deepCopy();
            String name = "t" + of + "c" + c;
            copy.put("name", name);
            int change = r.nextInt(6);
            if (change == 0 && orig.get("deadline").asLong() > 1) {
                copy.put("deadline", orig.get("deadline").asLong() - 1);
            } else if (change == 1) {
                bumpWcet(copy);
            }
            tasks.add(copy);
            mirror(root.get("interference"), "t" + of, name, maxWcet(copy), r.nextInt(5) > 0);
        }
        return root.toString();
    }

    /** One more tick for the task's (first) kernel. */
    private static void bumpWcet(ObjectNode task) {
        if (task.has("segments")) {
            ObjectNode g = (ObjectNode) task.get("segments").get(0).get("gpu");
            g.put("exec", g.get("exec").asLong() + 1);
        } else {
            task.put("wcet", task.get("wcet").asLong() + 1);
        }
    }

    private static long maxWcet(JsonNode task) {
        if (!task.has("segments")) {
            return task.get("wcet").asLong();
        }
        long m = 0;
        for (JsonNode seg : task.get("segments")) {
            m = Math.max(m, seg.get("gpu").get("exec").asLong());
        }
        return m;
    }

    /** Gives the copy the original's factor and (when {@code entries}) a mirror of each table entry naming it. */
    private static void mirror(JsonNode inter, String orig, String copy, long wcet, boolean entries) {
        if (inter.has("factors")) {
            ((ObjectNode) inter.get("factors")).set(copy, inter.get("factors").get(orig));
        }
        if (!inter.has("entries") || !entries) {
            return;
        }
        ArrayNode all = (ArrayNode) inter.get("entries");
        List<ObjectNode> added = new ArrayList<>();
        for (JsonNode e : all) {
            List<String> names = new ArrayList<>();
            e.get("tasks").forEach(t -> names.add(t.asText()));
            // A unit is named after its task: "t0", or "t0.k1" for a kernel of a chain.
            if (names.stream().anyMatch(x -> ofTask(x, orig)) && names.stream().noneMatch(x -> ofTask(x, copy))) {
                ObjectNode m = ((ObjectNode) e).deepCopy();
                ArrayNode ts = m.putArray("tasks");
                names.forEach(x -> ts.add(ofTask(x, orig) ? copy + x.substring(orig.length()) : x));
                m.put("completion", Math.max(wcet, e.get("completion").asLong()));
                added.add(m);
            }
        }
        added.forEach(all::add);
    }

    private static boolean ofTask(String unit, String task) {
        return unit.equals(task) || unit.startsWith(task + ".");
    }
}
