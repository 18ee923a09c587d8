package org.gpusched.qualify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.CopiesPropertyTest;
import org.gpusched.explore.job.Options;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Workload;
import org.gpusched.policy.*;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stated runtime cost only ever makes a method's answer worse, and never below what the twins
 * see: over seeded small workloads (v1 sets, v2 pipelines with copies, SM-partitioning kernel tasks),
 * each method that judges the set with a runtime cost and without (1) applies to both alike, (2) says
 * schedulable with the cost only where it did without, (3) gives every task a response-time bound at
 * least the one without (not the SM plans' times: a heuristic picks other SMs for longer kernels), and (4) agrees with its twin on the set with the cost:
 * brute force, the reference core and the table checker for PBS, the simulators of the same policy,
 * run with each launch longer by the cost, for the response-time bounds.
 * -Dgpusched.runtime.sets=N runs more (default 60).
 */
class RuntimeCostPropertyTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int SETS = Integer.getInteger("gpusched.runtime.sets", 60);

    @Test
    void aRuntimeCostNeverImprovesAnAnswerAndTheTwinsAgree() throws Exception {
        MethodRegistry registry = MethodRegistry.standard();
        RunOptions options = new RunOptions(Options.defaults().withBudget(Qualify.STATES_PER_ANALYSIS, null),
                RunOptions.defaults().gpuPriority(), RunOptions.DEFAULT_VARIANT);
        Twins twins = new Twins(registry, options, Mutation.NONE);
        WorkloadReader reader = new WorkloadReader();
        List<String> bad = new ArrayList<>();
        Map<String, Integer> judged = new HashMap<>();
        for (long seed = 1; seed <= SETS; seed++) {
            String plain = draw(seed);
            String charged = withRuntime(plain, seed);
            Workload w0 = reader.read("plain-" + seed + ".json", plain);
            Workload w1 = reader.read("runtime-" + seed + ".json", charged);
            for (Method m : registry.all()) {
                Applicability a0 = m.applicability(w0);
                Applicability a1 = m.applicability(w1);
                if (a0.applies() != a1.applies()) {
                    bad.add(seed + " " + m.id() + ": applies " + a0.applies() + " without, " + a1.applies() + " with");
                    continue;
                }
                if (!a0.applies() || m.evidence() == Evidence.SIMULATION) {
                    continue; // a simulation is one run, not a bound: a longer job may reorder it either way
                }
                MethodResult r0 = m.analyze(w0, options);
                MethodResult r1 = m.analyze(w1, options);
                if (r0.outcome() == Outcome.INCONCLUSIVE || r1.outcome() == Outcome.INCONCLUSIVE) {
                    continue;
                }
                judged.merge(m.id(), 1, Integer::sum);
                if (r1.outcome() == Outcome.SCHEDULABLE && r0.outcome() != Outcome.SCHEDULABLE) {
                    bad.add(seed + " " + m.id() + ": schedulable only with the runtime cost\n" + charged);
                }
                // An SM plan's per-task time is the time on the SMs the heuristic chose, which it chooses anew
                // (more SMs for a longer kernel): only its verdict is monotone, checked above.
                if (m.evidence() == Evidence.BOUND && !PartitionFamily.isPartitioning(m)) {
                    bounds(seed + " " + m.id(), r0, r1, w1.interference().overhead().frame(1, 0), bad);
                }
            }
            Twins.Checked c = twins.check(w1, charged, seed, options.explore().budget().start());
            for (Observation o : c.observations()) {
                if (o.status() == Observation.Status.DISAGREED) {
                    bad.add(seed + " " + o.check() + ": " + o.message() + "\n" + charged);
                }
            }
        }
        assertThat(bad).isEmpty();
        // every family met sets it judges, so the property is not empty for any of them
        assertThat(judged.keySet()).contains("gpusched", "brute-force", "tsg-rr-busy", "gcaps-suspend", "mpcp-busy",
                "fmlp+-suspend", "holistic", "offset-based", "sm-partition-1g");
    }

    /**
     * Per task, the bound with the cost is at least the one without plus one launch of its own (every
     * task here launches a kernel; an absent bound: past the deadline).
     */
    private static void bounds(String at, MethodResult r0, MethodResult r1, long launch, List<String> bad) {
        Map<String, OptionalLong> without = new HashMap<>();
        r0.tasks().forEach(t -> without.put(t.task(), t.responseTime()));
        for (TaskRow t : r1.tasks()) {
            OptionalLong before = without.get(t.task());
            if (before == null || t.responseTime().isEmpty()) {
                continue;
            }
            if (before.isEmpty() || before.getAsLong() + launch > t.responseTime().getAsLong()) {
                bad.add(at + " " + t.task() + ": bound " + t.responseTime() + " with the cost, " + before + " without");
            }
        }
    }

    private static String draw(long seed) throws Exception {
        return switch ((int) (seed % 3)) {
            case 0 -> RandomTaskSets.json(seed, 1, 4);
            case 1 -> CopiesPropertyTest.withCopies(RandomPipelines.json(seed, 1, 3), seed, 2);
            default -> smTasks(seed);
        };
    }

    /** Two to four kernel tasks SM partitioning reads: amdahl curves on a 68-SM GPU. */
    private static String smTasks(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder b = new StringBuilder("{\"formatVersion\": 2, \"timeUnit\": \"us\", \"gpu\": {\"preset\":"
                + " \"rtx-2080-ti\"}, \"platform\": {\"conflictFactors\": {\"compute\": 1.2, \"memory\": 2.3}},"
                + " \"tasks\": [");
        int n = 2 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
            long period = 100 * (1 + r.nextInt(4));
            long serial = 2 + r.nextInt(20);
            long parallel = 200 + r.nextInt(2000);
            b.append(i == 0 ? "" : ", ").append("{\"name\": \"k").append(i).append("\", \"period\": ").append(period)
                    .append(", \"segments\": [{\"gpu\": {\"exec\": ").append(serial + parallel / 68 + 1)
                    .append("}}], \"kind\": \"").append(r.nextBoolean() ? "compute" : "memory")
                    .append("\", \"scaling\": {\"model\": \"amdahl\", \"parallel\": ").append(parallel)
                    .append(", \"serial\": ").append(serial).append(", \"measuredOnSms\": 1}}");
        }
        return b.append("]}").toString();
    }

    /** The same set with a small runtime cost drawn from the seed (never all zero). */
    private static String withRuntime(String json, long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed * 31 + 7);
        ObjectNode root = (ObjectNode) M.readTree(json);
        ObjectNode rt = root.putObject("runtime").put("launch", 1 + r.nextInt(3)).put("submit", r.nextInt(3))
                .put("sync", r.nextInt(2)).put("copy", r.nextInt(3));
        assertThat(rt.path("launch").asLong()).isPositive();
        return root.toString();
    }
}
