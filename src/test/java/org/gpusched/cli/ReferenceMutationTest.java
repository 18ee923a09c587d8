package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.reference.Reference;
import org.gpusched.reference.ReferenceWorkloads;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded faults in the engine must be caught by the reference core. Each fault is the model a
 * faulty engine would analyse instead of the user's: a completion that ignores the slowdown or
 * rounds it down, a runtime cost left out or counted once per frame, copies forgotten, a placement
 * that ignores a register, thread, shared-memory or resident-kernel limit or uses the other SM
 * policy, a frame-end deadline one tick late, release jitter or offsets (the window) ignored,
 * forbidden sets allowed. The engine runs through {@code analyze} on the faulty model; its verdict is
 * compared with the reference's exhaustive search of the true workload and its table is checked by
 * the reference against the true workload. A fault that no random workload exposes is a mutant that
 * survived, and the test fails: the reference would then be too weak to stand as evidence.
 */
class ReferenceMutationTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int MAX_SEEDS = 3_000;
    /** Another base draws other workloads: the generator's mix was set while this test was written. */
    private static final long SEED = Long.getLong("gpusched.reference.mutationSeed", 4_900_000L);

    @TempDir
    Path dir;

    /** A fault, as the document the faulty engine effectively analyses (null: the fault changes nothing here). */
    enum Fault {
        SLOWDOWN_IGNORED(d -> d.path("interference").path("model").asText().equals("slowdown")
                ? with(d, x -> ((ObjectNode) x.get("interference")).put("model", "none").remove("factors")) : null),
        SLOWDOWN_ROUNDED_DOWN(d -> d.path("interference").has("factors") ? with(d, x -> {
            ObjectNode f = (ObjectNode) x.get("interference").get("factors");
            f.fieldNames().forEachRemaining(k -> f.put(k, f.get(k).decimalValue().setScale(1, RoundingMode.FLOOR)
                    .max(BigDecimal.ONE)));
        }) : null),
        RUNTIME_IGNORED(d -> d.has("runtime") ? with(d, x -> ((ObjectNode) x).remove("runtime")) : null),
        LAUNCH_ONCE_PER_FRAME(d -> d.path("runtime").path("launch").asLong() > 0 ? with(d, x -> {
            ObjectNode rt = (ObjectNode) x.get("runtime");
            rt.put("submit", rt.path("submit").asLong() + rt.get("launch").asLong()).remove("launch");
        }) : null),
        COPIES_IGNORED(d -> d.toString().contains("\"copy\":{") ? with(d, x -> x.get("tasks").forEach(t -> {
            if (t.has("segments")) {
                var segs = (com.fasterxml.jackson.databind.node.ArrayNode) t.get("segments");
                for (int i = segs.size() - 1; i >= 0; i--) {
                    if (segs.get(i).has("copy")) {
                        segs.remove(i);
                    }
                }
            }
        })) : null),
        REGISTER_LIMIT_IGNORED(d -> gpuField(d, "registersPerSm")),
        THREAD_LIMIT_IGNORED(d -> gpuField(d, "maxThreadsPerSm")),
        BLOCK_LIMIT_IGNORED(d -> gpuField(d, "maxBlocksPerSm")),
        SHARED_MEMORY_IGNORED(d -> gpuField(d, "sharedMemoryPerSm")),
        RESIDENT_KERNELS_IGNORED(d -> gpuField(d, "maxResidentKernels")),
        SM_POLICY_SWAPPED(d -> d.path("gpu").has("smPolicy") && d.path("gpu").has("sms") ? with(d, x ->
                ((ObjectNode) x.get("gpu")).put("smPolicy", x.get("gpu").get("smPolicy").asText().equals("most-room")
                        ? "round-robin" : "most-room")) : null),
        DEADLINE_ONE_TICK_LATE(d -> with(d, x -> x.get("tasks").forEach(t -> {
            long late = t.path("deadline").asLong(t.get("period").asLong()) + 1;
            if (late <= t.get("period").asLong()) {
                ((ObjectNode) t).put("deadline", late);
            }
        }))),
        JITTER_IGNORED(d -> d.toString().contains("\"jitter\":") ? with(d, x -> x.get("tasks")
                .forEach(t -> ((ObjectNode) t).remove("jitter"))) : null),
        OFFSETS_IGNORED(d -> d.toString().contains("\"offset\":") ? with(d, x -> x.get("tasks")
                .forEach(t -> ((ObjectNode) t).remove("offset"))) : null),
        FORBIDDEN_SETS_ALLOWED(d -> d.path("interference").path("missing").asText().equals("forbid")
                ? with(d, x -> ((ObjectNode) x.get("interference")).put("missing", "none")) : null);

        private final UnaryOperator<JsonNode> fault;

        Fault(UnaryOperator<JsonNode> fault) {
            this.fault = fault;
        }

        private static JsonNode gpuField(JsonNode d, String field) {
            return d.path("gpu").has(field) ? with(d, x -> ((ObjectNode) x.get("gpu")).remove(field)) : null;
        }

        private static JsonNode with(JsonNode d, java.util.function.Consumer<JsonNode> change) {
            JsonNode copy = d.deepCopy();
            change.accept(copy);
            return copy.equals(d) ? null : copy;
        }
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void theReferenceCatchesTheFault(Fault fault) throws Exception {
        String caught = null;
        int tried = 0;
        for (int i = -1; i < MAX_SEEDS && caught == null; i++) {
            long seed = SEED + 7919L * i;
            // First a set shaped so that the SM policy matters, then random ones.
            String truth = i < 0 ? ReferenceWorkloads.policySensitive("most-room") : ReferenceWorkloads.json(seed);
            JsonNode faulty = fault.fault.apply(M.readTree(truth));
            if (faulty == null) {
                continue;
            }
            Path file = dir.resolve(fault + "-" + seed + ".json");
            Files.writeString(file, faulty.toString());
            StringWriter out = new StringWriter();
            int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "analyze", file.toString(),
                    "--format", "json", "--no-timing", "--max-states", "300000");
            if (code != 0 && code != 1) {
                continue;
            }
            tried++;
            Reference.Verdict ref = Reference.powerOn(truth, 200_000);
            if (ref != Reference.Verdict.UNDECIDED && (ref == Reference.Verdict.SCHEDULABLE) != (code == 0)) {
                caught = "seed " + seed + ": verdict " + code + ", the reference " + ref;
            } else if (code == 0) {
                var problems = Reference.checkTable(truth, M.readTree(out.toString()).get("table").toString());
                caught = problems.isEmpty() ? null : "seed " + seed + ": " + problems.get(0);
            }
        }
        assertThat(caught).as(fault + " survived " + tried + " workloads it changes").isNotNull();
    }
}
