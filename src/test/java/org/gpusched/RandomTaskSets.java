package org.gpusched;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;

import java.math.BigDecimal;
import java.util.SplittableRandom;

/**
 * Seeded random task sets for property tests: small enough for brute force, varied enough to
 * reach every interference model, both SM policies, GPU limits or none, and D < T.
 */
public final class RandomTaskSets {
    private static final ObjectMapper M = new ObjectMapper();
    private static final long[] PERIODS = {2, 3, 4, 6, 8, 12};

    private RandomTaskSets() { }

    /** The set for one seed; the same seed always gives the same set. */
    public static TaskSet generate(long seed, int minTasks, int maxTasks) {
        return new TaskSetReader().read("random-" + seed + ".json", json(seed, minTasks, maxTasks));
    }

    public static String json(long seed, int minTasks, int maxTasks) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = minTasks + r.nextInt(maxTasks - minTasks + 1);
        ObjectNode root = M.createObjectNode();
        root.put("name", "random-" + seed);
        boolean limits = gpu(root, r);
        ArrayNode tasks = root.putArray("tasks");
        for (int i = 0; i < n; i++) {
            ObjectNode t = tasks.addObject();
            long period = PERIODS[r.nextInt(PERIODS.length)];
            long wcet = 1 + r.nextInt((int) Math.max(1, period * 2 / 3));
            long deadline = r.nextInt(3) == 0 ? Math.max(1, period - r.nextInt((int) period)) : period;
            t.put("name", "t" + i).put("period", period).put("deadline", deadline).put("wcet", wcet);
            if (limits) {
                ObjectNode k = t.putObject("kernel");
                k.put("blocks", 1 + r.nextInt(4));
                k.put("threadsPerBlock", 32 * (1 + r.nextInt(8)));
                k.put("registersPerThread", r.nextInt(4) == 0 ? 64 : 32);
                k.put("sharedMemoryPerBlock", r.nextInt(4) == 0 ? 4096 : 0);
            }
        }
        switch (r.nextInt(4)) {
            case 0 -> root.putObject("interference").put("model", "none");
            case 1 -> {
                ObjectNode f = root.putObject("interference").put("model", "slowdown").putObject("factors");
                for (int i = 0; i < n; i++) {
                    f.put("t" + i, BigDecimal.valueOf(100 + r.nextInt(100), 2));
                }
            }
            default -> table(root, r, n);
        }
        return root.toString();
    }

    /** With probability 2/3, random GPU limits on {@code root}; true when it set them. */
    public static boolean gpu(ObjectNode root, SplittableRandom r) {
        boolean limits = r.nextInt(3) > 0;
        if (limits) {
            ObjectNode gpu = root.putObject("gpu");
            gpu.put("sms", 1 + r.nextInt(3));
            gpu.put("maxThreadsPerSm", 256 * (1 + r.nextInt(4)));
            if (r.nextBoolean()) {
                gpu.put("maxBlocksPerSm", 2 + r.nextInt(6));
            }
            if (r.nextInt(4) == 0) {
                gpu.put("registersPerSm", 16384 * (1 + r.nextInt(2)));
            }
            if (r.nextInt(4) == 0) {
                gpu.put("sharedMemoryPerSm", 16384);
            }
            if (r.nextInt(5) == 0) {
                gpu.put("maxResidentKernels", 2);
            }
            gpu.put("smPolicy", r.nextBoolean() ? "most-room" : "round-robin");
        }
        return limits;
    }

    private static void table(ObjectNode root, SplittableRandom r, int n) {
        ObjectNode in = root.putObject("interference").put("model", "table");
        String[] missing = {"forbid", "none", "slowdown"};
        in.put("missing", missing[r.nextInt(3)]);
        ObjectNode f = in.putObject("factors");
        for (int i = 0; i < n; i++) {
            f.put("t" + i, BigDecimal.valueOf(100 + r.nextInt(80), 2));
        }
        ArrayNode entries = in.putArray("entries");
        for (long mask = 1; mask < (1L << n); mask++) {
            if (Long.bitCount(mask) < 2 || r.nextInt(3) == 0) {
                continue;
            }
            ObjectNode e = entries.addObject();
            ArrayNode names = e.putArray("tasks");
            long maxC = 0;
            for (int i = 0; i < n; i++) {
                if ((mask & (1L << i)) != 0) {
                    names.add("t" + i);
                    maxC = Math.max(maxC, root.get("tasks").get(i).get("wcet").asLong());
                }
            }
            e.put("completion", maxC + r.nextInt(3));
        }
    }
}
