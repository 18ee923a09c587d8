package org.gpusched.reference;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A workload as PBS sees it, read straight from the JSON document (format version 1 or 2) with
 * Jackson's tree and nothing else: the tasks with their offsets, jitter and chains of kernels, the
 * GPU, the interference model and the runtime's cost. This class deliberately repeats what the
 * format documents (docs/format.md) instead of calling the product's readers, so that a mistake
 * there shows up as a disagreement here. It assumes a document the product accepted; what it cannot
 * place in the PBS model it refuses with {@link IllegalArgumentException}.
 *
 * @param tasks    in input order; task i uses stream i
 * @param units    every kernel of every task, task by task, chain order
 * @param gpu      the GPU's limits
 * @param model    {@code none}, {@code slowdown} or {@code table}
 * @param entries  table model: completion per set of unit indices (as a sorted key)
 * @param missing  table model: {@code forbid}, {@code none} or {@code slowdown}
 * @param runtime  launch, submit, sync and copy costs
 */
record RefWorkload(List<RefTask> tasks, List<RefUnit> units, RefGpu gpu, String model,
                   Map<String, Long> entries, String missing, long[] runtime) {

    /** One task: period, relative deadline, release offset, release jitter, its units' indices. */
    record RefTask(int index, String name, long period, long deadline, long offset, long jitter, int[] units) {
        int kernels() {
            return units.length;
        }

        long arrival(long job) {
            return offset + job * period;
        }

        /** When a time-triggered table may start the job: arrival plus jitter. */
        long release(long job) {
            return arrival(job) + jitter;
        }

        long deadlineOf(long job) {
            return arrival(job) + deadline;
        }
    }

    /**
     * One kernel: its task, place in the chain, isolated time, slowed time, copies to the device
     * (before it) and to the host (after it), and launch shape (null without one).
     */
    record RefUnit(int index, String name, int task, int stage, boolean last, long exec, long slowed, long h2d,
                   long d2h, long[] shape) { }

    /** The one mapper of the core: decimals and integers read exactly, as written. */
    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS).build();

    static RefWorkload parse(String json) {
        try {
            return of(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("workload: not JSON: " + e.getOriginalMessage());
        }
    }

    static RefWorkload of(JsonNode doc) {
        int version = doc.has("formatVersion") ? doc.get("formatVersion").asInt() : 1;
        List<RefTask> tasks = new ArrayList<>();
        List<RefUnit> units = new ArrayList<>();
        List<List<long[]>> stages = new ArrayList<>();
        List<List<String>> stageNames = new ArrayList<>();
        for (JsonNode t : doc.get("tasks")) {
            List<long[]> chain = new ArrayList<>();
            List<String> names = new ArrayList<>();
            readChain(t, version, chain, names);
            if (chain.isEmpty()) {
                throw new IllegalArgumentException("task " + t.get("name").asText() + " has no GPU work");
            }
            stages.add(chain);
            stageNames.add(names);
        }
        Map<String, BigDecimal> factors = new HashMap<>();
        JsonNode inter = doc.path("interference");
        String model = inter.path("model").asText("none");
        inter.path("factors").fields().forEachRemaining(e -> factors.put(e.getKey(), e.getValue().decimalValue()));
        int ti = 0;
        for (JsonNode t : doc.get("tasks")) {
            String name = t.get("name").asText();
            long period = num(t, "period", -1);
            List<long[]> chain = stages.get(ti);
            int[] idx = new int[chain.size()];
            for (int s = 0; s < chain.size(); s++) {
                long[] st = chain.get(s);
                String unit = chain.size() == 1 ? name : name + "." + stageNames.get(ti).get(s);
                BigDecimal f = factors.getOrDefault(unit, factors.getOrDefault(name, BigDecimal.ONE));
                idx[s] = units.size();
                long[] shape = st.length > 3 ? Arrays.copyOfRange(st, 3, 7) : null;
                units.add(new RefUnit(units.size(), unit, ti, s, s == chain.size() - 1, st[0], slow(st[0], f), st[1],
                        st[2], shape));
            }
            tasks.add(new RefTask(ti, name, period, num(t, "deadline", period), num(t, "offset", 0),
                    num(t, "jitter", 0), idx));
            ti++;
        }
        Map<String, Long> entries = new HashMap<>();
        for (JsonNode e : inter.path("entries")) {
            List<Integer> members = new ArrayList<>();
            for (JsonNode n : e.get("tasks")) {
                members.add(unitIndex(units, n.asText()));
            }
            entries.put(key(members), num(e, "completion", -1));
        }
        JsonNode rt = doc.path("runtime");
        long[] runtime = {num(rt, "launch", 0), num(rt, "submit", 0), num(rt, "sync", 0), num(rt, "copy", 0)};
        return new RefWorkload(List.copyOf(tasks), List.copyOf(units), RefGpu.of(doc.path("gpu")), model, entries,
                inter.path("missing").asText("forbid"), runtime);
    }

    /**
     * The task's kernels as {exec, h2d, d2h, blocks, threads, registers, shared memory}: the v1
     * task is one kernel; a v2 chain keeps its GPU segments of non-zero exec, a copy to the device
     * joining the next such kernel and a copy to the host the previous one.
     */
    private static void readChain(JsonNode t, int version, List<long[]> chain, List<String> names) {
        if (!t.has("segments")) {
            chain.add(stage(num(t, "wcet", -1), 0, t.get("kernel")));
            names.add("0");
            return;
        }
        long pendingIn = 0;
        for (JsonNode seg : t.get("segments")) {
            if (seg.has("cpu") && num(seg, "cpu", 0) > 0) {
                throw new IllegalArgumentException("task " + t.get("name").asText() + " has CPU work: not a PBS task");
            }
            if (seg.has("copy")) {
                JsonNode c = seg.get("copy");
                long time = num(c, "time", 0);
                if (time > 0 && "device".equals(c.get("to").asText())) {
                    pendingIn += time;
                } else if (time > 0) {
                    if (chain.isEmpty()) {
                        throw new IllegalArgumentException("copy to the host before any kernel");
                    }
                    chain.get(chain.size() - 1)[2] += time;
                }
            }
            if (seg.has("gpu")) {
                JsonNode g = seg.get("gpu");
                if (num(g, "misc", 0) > 0) {
                    throw new IllegalArgumentException("gpu.misc > 0: not a PBS task");
                }
                long exec = num(g, "exec", 0);
                if (exec == 0) {
                    continue;
                }
                names.add(g.has("name") ? g.get("name").asText() : Integer.toString(chain.size()));
                chain.add(stage(exec, pendingIn, g.get("kernel")));
                pendingIn = 0;
            }
        }
        if (pendingIn > 0) {
            throw new IllegalArgumentException("copy to the device after the last kernel");
        }
    }

    private static long[] stage(long exec, long h2d, JsonNode kernel) {
        if (kernel == null || kernel.isNull()) {
            return new long[] {exec, h2d, 0};
        }
        return new long[] {exec, h2d, 0, num(kernel, "blocks", 1), num(kernel, "threadsPerBlock", 1),
            num(kernel, "registersPerThread", 0), num(kernel, "sharedMemoryPerBlock", 0)};
    }

    static long num(JsonNode n, String field, long otherwise) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (otherwise < 0) {
                throw new IllegalArgumentException("missing field " + field);
            }
            return otherwise;
        }
        BigInteger b = v.bigIntegerValue();
        return b.bitLength() > 62 ? Long.MAX_VALUE / 4 : b.longValue();
    }

    private static int unitIndex(List<RefUnit> units, String name) {
        for (RefUnit u : units) {
            if (u.name().equals(name)) {
                return u.index();
            }
        }
        throw new IllegalArgumentException("interference entry names an unknown kernel " + name);
    }

    /** A set of unit indices as a map key: the sorted indices. */
    static String key(List<Integer> members) {
        return members.stream().sorted().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse("");
    }

    private static long slow(long c, BigDecimal f) {
        BigDecimal p = BigDecimal.valueOf(c).multiply(f).setScale(0, RoundingMode.CEILING);
        return p.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 4)) > 0 ? Long.MAX_VALUE / 4 : p.longValue();
    }

    /** The least common multiple of the periods. */
    long hyperperiod() {
        BigInteger h = BigInteger.ONE;
        for (RefTask t : tasks) {
            BigInteger p = BigInteger.valueOf(t.period());
            h = h.divide(h.gcd(p)).multiply(p);
        }
        return h.longValueExact();
    }

    /** Names of the tasks in stream order. */
    List<String> streams() {
        List<String> out = new ArrayList<>();
        for (RefTask t : tasks) {
            out.add(t.name());
        }
        return out;
    }

    /** The unit named {@code name}, or null. */
    RefUnit unit(String name) {
        for (RefUnit u : units) {
            if (u.name().equals(name)) {
                return u;
            }
        }
        return null;
    }
}
