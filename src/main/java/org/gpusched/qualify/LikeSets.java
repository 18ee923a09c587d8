package org.gpusched.qualify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.*;

/**
 * Random workloads shaped like a user's file: the file's own JSON with its times, launch sizes and
 * interference factors redrawn around the file's values, everything else kept. So a drawn set has
 * the same format version, tasks and names, periods (hence hyperperiod and job count), GPU,
 * platform (cores, driver, time partitions), kernel kinds and shapes of chains, copies, offsets and
 * jitter wherever the file has them, and the same interference model: the methods and twins that
 * apply to the user's file apply to it, on nearby numbers. Deterministic: one seed, one text.
 */
final class LikeSets {
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    /** Times scaled by the set's load factor and a per-number noise; zero stays zero (no new feature). */
    private static final Set<String> TIMES = Set.of("wcet", "exec", "misc", "h2d", "d2h", "cpu", "time");
    /** Offsets and jitter: redrawn in [1, 2v] (never 0: the feature stays), below the period (the reader checks the rest). */
    private static final Set<String> WINDOWS = Set.of("offset", "jitter");

    private LikeSets() { }

    /** The user's file with every value above redrawn from {@code seed}, named {@code name}; never the same object. */
    static String draw(JsonNode file, String name, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ObjectNode root = file.deepCopy();
        strip(root);
        root.put("name", name);
        // One load factor per set spreads the sets over both verdicts; the noise varies the tasks apart.
        double load = 0.6 + 0.8 * rnd.nextDouble();
        Map<String, Long> wcetByTask = new HashMap<>();
        if (root.get("tasks") instanceof ArrayNode tasks) {
            for (JsonNode t : tasks) {
                if (t instanceof ObjectNode task) {
                    redraw(task, rnd, load, task.path("period").asLong(Long.MAX_VALUE));
                    long sum = sumTimes(task);
                    if (task.hasNonNull("name")) {
                        wcetByTask.put(task.get("name").asText(), sum);
                    }
                }
            }
        }
        if (root.get("interference") instanceof ObjectNode inf) {
            if (inf.get("factors") instanceof ObjectNode factors) {
                factors.fieldNames().forEachRemaining(k -> factors.put(k, factor(factors.get(k), rnd)));
            }
            if (inf.get("entries") instanceof ArrayNode entries) {
                for (JsonNode e : entries) {
                    if (e instanceof ObjectNode entry && entry.hasNonNull("completion")) {
                        long longest = 1;
                        for (JsonNode member : entry.path("tasks")) {
                            longest = Math.max(longest, wcetByTask.getOrDefault(member.asText(), 1L));
                        }
                        // At least the longest member alone (the reader's rule), spread like the file's value.
                        long drawn = Math.round(entry.get("completion").asLong() * load * noise(rnd));
                        entry.put("completion", Math.max(longest, drawn));
                    }
                }
            }
        }
        try {
            return MAPPER.writer(Canonical.PRETTY).writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Comments and every other "x" member go: a drawn set describes nothing of the user's system. */
    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            o.remove("x");
            o.elements().forEachRemaining(LikeSets::strip);
        } else if (n instanceof ArrayNode a) {
            a.elements().forEachRemaining(LikeSets::strip);
        }
    }

    private static void redraw(JsonNode n, SplittableRandom rnd, double load, long period) {
        if (n instanceof ArrayNode a) {
            a.elements().forEachRemaining(e -> redraw(e, rnd, load, period));
            return;
        }
        if (!(n instanceof ObjectNode o)) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            if (v.isIntegralNumber() && v.asLong() > 0 && TIMES.contains(f.getKey())) {
                f.setValue(o.numberNode(Math.max(1, Math.round(v.asLong() * load * noise(rnd)))));
            } else if (v.isIntegralNumber() && v.asLong() > 0 && WINDOWS.contains(f.getKey())) {
                f.setValue(o.numberNode(Math.min(period - 1, 1 + rnd.nextLong(2 * v.asLong()))));
            } else if (v.isIntegralNumber() && v.asLong() > 1 && f.getKey().equals("blocks")) {
                // Half to one and a half the file's grid: kernels still fit where the file's did, most of the time.
                long b = v.asLong();
                f.setValue(o.numberNode(Math.max(1, b / 2 + rnd.nextLong(b + 1))));
            } else if (v.isContainerNode()) {
                redraw(v, rnd, load, period);
            }
        }
    }

    /** The task's wcet (v1) or the sum of its segments' times (v2): what a table entry must cover. */
    private static long sumTimes(JsonNode n) {
        if (n.has("wcet")) {
            return n.get("wcet").asLong();
        }
        long sum = 0;
        for (JsonNode seg : n.path("segments")) {
            sum += seg.path("gpu").path("exec").asLong(0);
        }
        return Math.max(1, sum);
    }

    private static double noise(SplittableRandom rnd) {
        return 0.8 + 0.4 * rnd.nextDouble();
    }

    /** A slowdown factor f drawn in [1, 1 + 2 (f - 1)], two decimals, kept exact as the reader wants it. */
    private static BigDecimal factor(JsonNode f, SplittableRandom rnd) {
        double excess = Math.max(0, f.asDouble() - 1);
        double drawn = 1 + 2 * excess * rnd.nextDouble();
        return BigDecimal.valueOf(drawn).setScale(2, RoundingMode.HALF_UP);
    }
}
