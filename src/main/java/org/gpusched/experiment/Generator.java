package org.gpusched.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The paper's section 6.1 workload, exactly as docs/experiments.md states it: UUniFast-Discard
 * utilisations, periods from {@link #PERIODS}, occupancy proportional to utilisation on the
 * paper-8sm GPU, and per-task slowdown factors drawn from the scenario's range.
 */
public final class Generator {
    /** The paper says only "a predefined list spanning from 400 to 1600"; hyperperiod 24000. */
    public static final List<Long> PERIODS = List.of(400L, 500L, 800L, 1000L, 1200L, 1600L);
    static final int SMS = 8;
    static final int BLOCKS_PER_SM = 32;
    static final int THREADS_PER_SM = 1024;
    static final int MAX_BLOCKS = SMS * BLOCKS_PER_SM;
    /** UUniFast-Discard gives up after this many draws (only reachable when U is close to n). */
    static final int MAX_DRAWS = 1_000_000;

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    /** One generated set: its name, its v1 JSON (ending in a newline) and the seed it came from. */
    public record GeneratedSet(String name, String json, long seed) {
        public TaskSet parse() {
            return new TaskSetReader().read(name + ".json", json);
        }
    }

    private Generator() { }

    public static String name(Scenario sc, double u, int n, int index) {
        return String.format(Locale.ROOT, "%s-u%.2f-n%d-i%d", sc.id(), u, n, index);
    }

    /**
     * Pipeline features for {@code generate}: chains of 1..{@code maxKernels} kernels
     * per task (format v2), release offsets, release jitter as a fraction of the deadline. They
     * are drawn from a random stream of their own, so the base draws (periods, utilisations,
     * factors) stay those of the plain set.
     */
    public record Pipeline(int maxKernels, boolean offsets, double jitter) {
        public static final Pipeline NONE = new Pipeline(1, false, 0);

        boolean any() {
            return maxKernels > 1 || offsets || jitter > 0;
        }
    }

    public static GeneratedSet generate(long baseSeed, Scenario sc, double utilization, int n, int index) {
        return generate(baseSeed, sc, utilization, n, index, Pipeline.NONE);
    }

    public static GeneratedSet generate(long baseSeed, Scenario sc, double utilization, int n, int index,
                                        Pipeline pipe) {
        // U is taken to 1e-6 everywhere (seed, draw, file) so 3 * 0.2 and 0.6 name the same set, and 1.0
        // from "--utilization 1" and from a sweep agree.
        double u = Math.round(utilization * 1_000_000) / 1_000_000.0;
        if (n < 1 || n > TaskSet.MAX_TASKS) {
            throw new IllegalArgumentException("tasks must be in 1.." + TaskSet.MAX_TASKS);
        }
        if (!(u > 0) || u > n) {
            throw new IllegalArgumentException("utilization must be in (0, tasks]");
        }
        long seed = Seeds.of(baseSeed, sc.id().hashCode(), Math.round(u * 1_000_000), n, index);
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] util = uunifastDiscard(rnd, n, u, 1);
        String name = name(sc, u, n, index);
        ObjectNode root = MAPPER.createObjectNode();
        root.put("formatVersion", pipe.maxKernels() > 1 ? 2 : 1).put("name", name);
        SplittableRandom extra = new SplittableRandom(seed ^ 0x51BE1135L);
        root.putObject("gpu").put("preset", "paper-8sm");
        ArrayNode tasks = root.putArray("tasks");
        ObjectNode factors = MAPPER.createObjectNode();
        for (int i = 0; i < n; i++) {
            long period = PERIODS.get(rnd.nextInt(PERIODS.size()));
            long wcet = Math.max(1, Math.round(util[i] * period));
            int blocks = blocks(util[i]);
            String task = "tau" + (i + 1);
            ObjectNode t = tasks.addObject().put("name", task).put("period", period).put("deadline", period);
            int kernels = pipe.maxKernels() > 1 ? 1 + extra.nextInt(pipe.maxKernels()) : 1;
            if (pipe.maxKernels() > 1) {
                chain(t, extra, wcet, kernels, blocks, threadsPerBlock(util[i], blocks));
            } else {
                t.put("wcet", wcet);
                t.putObject("kernel").put("blocks", blocks).put("threadsPerBlock", threadsPerBlock(util[i], blocks));
            }
            if (pipe.offsets()) {
                // An offset in the first half of the period on the periods' 100-tick grid, and the
                // deadline at the end of the period (D = T - O): every window then closes by H, so
                // time 0 is a cut and the analysis window is [0, H).
                long offset = 100L * extra.nextInt((int) (period / 200));
                t.put("offset", offset).put("deadline", period - offset);
            }
            if (pipe.jitter() > 0) {
                t.put("jitter", (long) Math.floor(pipe.jitter() * t.get("deadline").asLong()));
            }
            factors.put(task, factor(rnd, sc));
        }
        ObjectNode inf = root.putObject("interference").put("model", "slowdown");
        inf.set("factors", factors);
        root.putObject("x").putObject("generator").put("seed", baseSeed).put("scenario", sc.id())
                .put("utilization", u).put("tasks", n).put("index", index).put("setSeed", seed);
        if (pipe.any()) {
            ((ObjectNode) root.get("x").get("generator")).put("chain", pipe.maxKernels())
                    .put("offsets", pipe.offsets()).put("jitter", pipe.jitter());
        }
        try {
            return new GeneratedSet(name, Canonical.WORKLOAD_FILE.writeValueAsString(root) + "\n", seed);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The task's wcet split into {@code kernels} kernels of at least 1 tick each (random cut
     * points), each with the task's launch shape: a chain of v2 {@code gpu} segments.
     */
    private static void chain(ObjectNode t, SplittableRandom rnd, long wcet, int kernels, int blocks, int threads) {
        int k = (int) Math.min(kernels, wcet);
        long[] cuts = new long[k + 1];
        cuts[k] = wcet;
        java.util.TreeSet<Long> points = new java.util.TreeSet<>();
        while (points.size() < k - 1) {
            points.add(1 + rnd.nextLong(wcet - 1));
        }
        int c = 1;
        for (long p : points) {
            cuts[c++] = p;
        }
        ArrayNode segs = t.putArray("segments");
        for (int s = 0; s < k; s++) {
            ObjectNode g = segs.addObject().putObject("gpu");
            g.put("name", "k" + s).put("exec", cuts[s + 1] - cuts[s]);
            g.putObject("kernel").put("blocks", blocks).put("threadsPerBlock", threads);
        }
    }

    /**
     * UUniFast (Bini and Buttazzo 2005), redrawn while any u_i > cap (Emberson, Stafford, Davis 2010):
     * 1 for the paper's sets, more where SM partitioning lets a kernel use several SMs.
     */
    static double[] uunifastDiscard(SplittableRandom rnd, int n, double u, double cap) {
        double[] out = new double[n];
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            double sum = u;
            boolean ok = true;
            for (int i = 0; i < n - 1; i++) {
                double next = sum * Math.pow(rnd.nextDouble(), 1.0 / (n - 1 - i));
                out[i] = sum - next;
                sum = next;
                ok &= out[i] <= cap;
            }
            out[n - 1] = sum;
            if (ok && sum <= cap) {
                return out;
            }
        }
        // Near U = n almost no draw fits under the cap: the parameters asked for the impossible (exit 2), no bug.
        throw new InputException("U=" + u, null, "UUniFast-Discard found no draw of " + n + " tasks with every u_i <= "
                + (cap == 1 ? "1" : cap) + " (lower the utilisation or add tasks)");
    }

    /** A share u of the GPU's 256 block slots, at least one block. */
    static int blocks(double u) {
        return (int) Math.min(MAX_BLOCKS, Math.max(1, Math.round(u * MAX_BLOCKS)));
    }

    /**
     * A share u of the GPU's 8192 thread slots spread over the blocks, at least one warp and at
     * most 1024 so that one block always fits an SM of paper-8sm.
     */
    static int threadsPerBlock(double u, int blocks) {
        long t = Math.round(u * SMS * THREADS_PER_SM / blocks);
        return (int) Math.min(THREADS_PER_SM, Math.max(32, t));
    }

    static BigDecimal factor(SplittableRandom rnd, Scenario sc) {
        double f = sc.low() + rnd.nextDouble() * (sc.high() - sc.low());
        return BigDecimal.valueOf(Math.round(f * 100)).movePointLeft(2).setScale(2);
    }
}
