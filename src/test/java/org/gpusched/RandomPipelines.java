package org.gpusched;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.TaskSet;
import org.gpusched.input.WorkloadReader;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random pipelines for property tests: format v2 sets whose tasks are chains
 * of one to three kernels, with release offsets and release jitter, under every interference
 * model (table entries name kernels {@code task.kernel}), GPU limits or none. Small enough for
 * brute force. A seed may give a set with no cut of its window (the reader refuses it): callers
 * skip those and count them.
 */
public final class RandomPipelines {
    private static final ObjectMapper M = new ObjectMapper();
    private static final long[] PERIODS = {4, 6, 8, 12};

    private RandomPipelines() { }

    public static TaskSet generate(long seed, int minTasks, int maxTasks) {
        return new WorkloadReader().read("pipeline-" + seed + ".json", json(seed, minTasks, maxTasks)).pbs();
    }

    public static String json(long seed, int minTasks, int maxTasks) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = minTasks + r.nextInt(maxTasks - minTasks + 1);
        ObjectNode root = M.createObjectNode();
        root.put("formatVersion", 2).put("name", "pipeline-" + seed);
        boolean limits = RandomTaskSets.gpu(root, r);
        ArrayNode tasks = root.putArray("tasks");
        List<String> units = new ArrayList<>();
        List<Long> unitWcet = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode t = tasks.addObject();
            long period = PERIODS[r.nextInt(PERIODS.length)];
            long deadline = r.nextBoolean() ? Math.max(2, period - r.nextInt((int) period)) : period;
            t.put("name", "t" + i).put("period", period).put("deadline", deadline);
            if (r.nextBoolean()) {
                t.put("offset", r.nextInt((int) period));
            }
            if (r.nextInt(3) == 0) {
                t.put("jitter", r.nextInt((int) deadline / 2 + 1));
            }
            int kernels = 1 + r.nextInt(3);
            ArrayNode segs = t.putArray("segments");
            for (int k = 0; k < kernels; k++) {
                long wcet = 1 + r.nextInt((int) Math.max(1, period / (kernels + 1)));
                ObjectNode g = segs.addObject().putObject("gpu");
                if (r.nextBoolean()) {
                    g.put("name", "k" + k);
                }
                g.put("exec", wcet);
                units.add(kernels == 1 ? "t" + i : "t" + i + "." + (g.has("name") ? "k" + k : Integer.toString(k)));
                unitWcet.add(wcet);
                if (limits) {
                    ObjectNode kn = g.putObject("kernel");
                    kn.put("blocks", 1 + r.nextInt(4));
                    kn.put("threadsPerBlock", 32 * (1 + r.nextInt(8)));
                }
            }
        }
        switch (r.nextInt(3)) {
            case 0 -> root.putObject("interference").put("model", "none");
            case 1 -> {
                ObjectNode f = root.putObject("interference").put("model", "slowdown").putObject("factors");
                for (int i = 0; i < n; i++) {
                    f.put("t" + i, BigDecimal.valueOf(100 + r.nextInt(100), 2));
                }
            }
            default -> {
                ObjectNode in = root.putObject("interference").put("model", "table");
                String[] missing = {"forbid", "none", "slowdown"};
                in.put("missing", missing[r.nextInt(3)]);
                ArrayNode entries = in.putArray("entries");
                // Random pairs of kernels (named task.kernel in chains).
                for (int e = 0; e < units.size(); e++) {
                    int a = r.nextInt(units.size());
                    int b = r.nextInt(units.size());
                    String pa = units.get(a).split("\\.")[0];
                    String pb = units.get(b).split("\\.")[0];
                    if (pa.equals(pb) || entries.toString().contains("[\"" + units.get(Math.min(a, b)) + "\",\""
                            + units.get(Math.max(a, b)) + "\"]")) {
                        continue;
                    }
                    ObjectNode en = entries.addObject();
                    en.putArray("tasks").add(units.get(Math.min(a, b))).add(units.get(Math.max(a, b)));
                    en.put("completion", Math.max(unitWcet.get(a), unitWcet.get(b)) + r.nextInt(3));
                }
            }
        }
        return root.toString();
    }
}
