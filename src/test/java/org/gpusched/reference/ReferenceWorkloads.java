package org.gpusched.reference;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random PBS workloads with every feature the reference core reads: format versions 1 and 2,
 * offsets, release jitter, chains of kernels, copies to and from the device, the runtime's costs,
 * GPU limits of every kind (and presets), both SM policies, a resident-kernel limit, and the three
 * interference models with every fallback. Small enough (at most four tasks, hyperperiod at most
 * 24) for the reference's exhaustive search. The same seed always gives the same document.
 */
public final class ReferenceWorkloads {
    private static final ObjectMapper M = new ObjectMapper();
    private static final long[] PERIODS = {4, 6, 8, 12};

    private ReferenceWorkloads() { }

    /** The workload of one seed as JSON text. */
    public static String json(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        if (r.nextInt(8) == 0) {
            return crowded(seed, r);
        }
        boolean v2 = r.nextInt(4) > 0;
        int n = 1 + r.nextInt(4);
        ObjectNode root = M.createObjectNode();
        if (v2) {
            root.put("formatVersion", 2);
        }
        root.put("name", "ref-" + seed);
        boolean limits = gpu(root, r);
        ArrayNode tasks = root.putArray("tasks");
        List<String> units = new ArrayList<>();
        List<Long> exec = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ObjectNode t = tasks.addObject();
            long period = PERIODS[r.nextInt(PERIODS.length)];
            long deadline = r.nextBoolean() ? Math.max(2, period - r.nextInt((int) period)) : period;
            t.put("name", "t" + i).put("period", period).put("deadline", deadline);
            if (r.nextInt(3) == 0) {
                t.put("offset", r.nextInt((int) period));
            }
            if (r.nextInt(4) == 0) {
                t.put("jitter", r.nextInt((int) deadline / 2 + 1));
            }
            int kernels = v2 ? 1 + r.nextInt(3) : 1;
            if (!v2) {
                long c = 1 + r.nextInt((int) Math.max(1, period * 2 / 3));
                t.put("wcet", c);
                units.add("t" + i);
                exec.add(c);
                if (limits) {
                    kernel(t.putObject("kernel"), r);
                }
                continue;
            }
            ArrayNode segs = t.putArray("segments");
            for (int k = 0; k < kernels; k++) {
                if (r.nextInt(4) == 0) {
                    segs.addObject().putObject("copy").put("to", "device").put("time", r.nextInt(2));
                }
                long c = 1 + r.nextInt((int) Math.max(1, period / (kernels + 1)));
                ObjectNode g = segs.addObject().putObject("gpu");
                String kname = r.nextBoolean() ? "k" + k : Integer.toString(k);
                if (!kname.equals(Integer.toString(k)) || r.nextBoolean()) {
                    g.put("name", kname);
                }
                g.put("exec", c);
                if (limits) {
                    kernel(g.putObject("kernel"), r);
                }
                units.add(kernels == 1 ? "t" + i : "t" + i + "." + kname);
                exec.add(c);
                if (r.nextInt(4) == 0) {
                    segs.addObject().putObject("copy").put("to", "host").put("time", r.nextInt(2));
                }
            }
        }
        interference(root, r, n, units, exec);
        if (r.nextInt(3) == 0) {
            ObjectNode rt = root.putObject("runtime");
            for (String f : new String[] {"launch", "submit", "sync", "copy"}) {
                if (r.nextBoolean()) {
                    rt.put(f, r.nextInt(2));
                }
            }
        }
        return root.toString();
    }

    /**
     * A set that must run whole in one frame on two small SMs: every task's time is more than half
     * its period, so all of them share the first frame, and which submission orders place every block
     * (and so the table's order) depends on the SM policy and the limits.
     */
    private static String crowded(long seed, SplittableRandom r) {
        ObjectNode root = M.createObjectNode().put("name", "crowded-" + seed);
        ObjectNode gpu = root.putObject("gpu").put("sms", 2).put("maxThreadsPerSm", 256);
        int binding = r.nextInt(4);
        if (binding == 1) {
            gpu.put("maxThreadsPerSm", 1024).put("registersPerSm", 16384);
        } else if (binding == 2) {
            gpu.put("maxThreadsPerSm", 1024).put("sharedMemoryPerSm", 8192).put("sharedMemoryAllocationUnit", 256)
                    .put("sharedMemoryReservedPerBlock", 1024);
        } else if (binding == 3) {
            gpu.put("maxBlocksPerSm", 2);
        }
        gpu.put("smPolicy", r.nextBoolean() ? "most-room" : "round-robin");
        ArrayNode tasks = root.putArray("tasks");
        int n = 2 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            ObjectNode k = tasks.addObject().put("name", "t" + i).put("period", 4).put("wcet", 3).putObject("kernel")
                    .put("blocks", 1 + r.nextInt(3)).put("threadsPerBlock", 32 * (1 + r.nextInt(7)));
            if (binding == 1) {
                k.put("registersPerThread", 8 * (1 + r.nextInt(8)));
            } else if (binding == 2) {
                k.put("sharedMemoryPerBlock", 512 * (1 + r.nextInt(5)));
            }
        }
        return root.toString();
    }

    /**
     * A set built so that the SM policy decides which submission orders are eligible: under
     * most-room t0, t1, t2 in that order leave no SM room for t2's block, under round-robin they do.
     * Random sets rarely make the two policies differ on the orders a search picks.
     */
    public static String policySensitive(String policy) {
        return "{\"name\":\"policy\",\"gpu\":{\"sms\":2,\"maxThreadsPerSm\":256,\"smPolicy\":\"" + policy + "\"},"
                + "\"tasks\":[{\"name\":\"t0\",\"period\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":192}},"
                + "{\"name\":\"t1\",\"period\":4,\"wcet\":3,\"kernel\":{\"blocks\":2,\"threadsPerBlock\":32}},"
                + "{\"name\":\"t2\",\"period\":4,\"wcet\":3,\"kernel\":{\"blocks\":1,\"threadsPerBlock\":224}}]}";
    }

    private static void kernel(ObjectNode k, SplittableRandom r) {
        k.put("blocks", 1 + r.nextInt(5));
        k.put("threadsPerBlock", 32 * (1 + r.nextInt(8)));
        if (r.nextBoolean()) {
            k.put("registersPerThread", r.nextInt(3) == 0 ? 64 : 32);
        }
        if (r.nextInt(3) == 0) {
            k.put("sharedMemoryPerBlock", r.nextBoolean() ? 4096 : 2000);
        }
    }

    /** With probability 3/4 GPU limits (sometimes a preset); true when the tasks need launch shapes. */
    private static boolean gpu(ObjectNode root, SplittableRandom r) {
        int kind = r.nextInt(8);
        if (kind < 2) {
            return false;
        }
        ObjectNode gpu = root.putObject("gpu");
        if (kind == 2) {
            gpu.put("preset", r.nextBoolean() ? "paper-8sm" : "jetson-tx2");
        } else {
            gpu.put("sms", 1 + r.nextInt(3));
            gpu.put("maxThreadsPerSm", 256 * (1 + r.nextInt(4)));
            if (r.nextBoolean()) {
                gpu.put("maxWarpsPerSm", 4 + r.nextInt(29));
            }
            if (r.nextBoolean()) {
                gpu.put("maxBlocksPerSm", 2 + r.nextInt(6));
            }
            if (r.nextInt(3) == 0) {
                gpu.put("registersPerSm", 16384 * (1 + r.nextInt(3)));
            }
            if (r.nextInt(3) == 0) {
                gpu.put("sharedMemoryPerSm", 8192 + 4096 * r.nextInt(3));
                gpu.put("sharedMemoryAllocationUnit", r.nextBoolean() ? 256 : 128);
                if (r.nextBoolean()) {
                    gpu.put("sharedMemoryReservedPerBlock", 1024);
                }
            }
        }
        if (r.nextInt(5) == 0) {
            gpu.put("maxResidentKernels", 2);
        }
        gpu.put("smPolicy", r.nextBoolean() ? "most-room" : "round-robin");
        return true;
    }

    private static void interference(ObjectNode root, SplittableRandom r, int n, List<String> units, List<Long> exec) {
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
                String m = missing[r.nextInt(3)];
                in.put("missing", m);
                if (m.equals("slowdown")) {
                    ObjectNode f = in.putObject("factors");
                    for (int i = 0; i < n; i++) {
                        f.put("t" + i, BigDecimal.valueOf(100 + r.nextInt(80), 2));
                    }
                }
                ArrayNode entries = in.putArray("entries");
                List<String> seen = new ArrayList<>();
                for (int e = 0; e < 2 * units.size(); e++) {
                    int a = r.nextInt(units.size());
                    int b = r.nextInt(units.size());
                    int lo = Math.min(a, b);
                    int hi = Math.max(a, b);
                    String key = lo + "," + hi;
                    if (units.get(a).split("\\.")[0].equals(units.get(b).split("\\.")[0]) || seen.contains(key)) {
                        continue;
                    }
                    seen.add(key);
                    ObjectNode en = entries.addObject();
                    en.putArray("tasks").add(units.get(lo)).add(units.get(hi));
                    en.put("completion", Math.max(exec.get(a), exec.get(b)) + r.nextInt(3));
                }
            }
        }
    }
}
