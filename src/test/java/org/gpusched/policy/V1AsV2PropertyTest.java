package org.gpusched.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A v1 task set rewritten in format v2 (segment chains with zero-length CPU segments around the
 * kernel, each task on its own core as the v1 view has it) is the same problem: the same task set
 * and, for every method (PBS family and GCAPS family), the same result. Seeded; -Dgpusched.v2.sets=N runs more (default 100).
 */
class V1AsV2PropertyTest {
    /** Decimals kept as written (1.30 stays 1.30: slowdown factors are exact). */
    private static final ObjectMapper M = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true)).build();
    private static final int SETS = Integer.getInteger("gpusched.v2.sets", 100);

    static String asV2(String v1) throws Exception {
        ObjectNode root = (ObjectNode) M.readTree(v1);
        root.put("formatVersion", 2);
        // Written out, the v1 view's rule (docs/format.md): each task on its own core.
        root.putObject("platform").put("cpus", root.get("tasks").size());
        int core = 0;
        for (JsonNode t : root.get("tasks")) {
            ObjectNode task = (ObjectNode) t;
            task.putObject("cpu").put("core", core++);
            ObjectNode gpu = M.createObjectNode().put("exec", task.remove("wcet").asLong());
            JsonNode kernel = task.remove("kernel");
            if (kernel != null) {
                gpu.set("kernel", kernel);
            }
            ArrayNode segs = task.putArray("segments");
            segs.addObject().put("cpu", 0);
            segs.addObject().set("gpu", gpu);
            segs.addObject().putObject("copy").put("to", "host").put("time", 0);
        }
        return root.toString();
    }

    @Test
    void v1AndItsV2RewriteAreTheSamePbsProblem() throws Exception {
        MethodRegistry registry = MethodRegistry.standard();
        RunOptions options = new RunOptions(RunOptions.defaults().explore().withBudget(200_000, null), org.gpusched.rta.GpuPriorityMode.CPU, RunOptions.DEFAULT_VARIANT);
        WorkloadReader reader = new WorkloadReader();
        int schedulable = 0;
        for (long seed = 1; seed <= SETS; seed++) {
            String v1 = RandomTaskSets.json(seed, 1, 4);
            Workload a = reader.read("v1-" + seed + ".json", v1);
            Workload b = reader.read("v2-" + seed + ".json", asV2(v1));
            TaskSet x = a.pbs();
            TaskSet y = b.pbs();
            assertThat(y).as("seed %d: %s", seed, b.pbsNote()).isNotNull();
            assertThat(y.tasks()).as("seed %d", seed).isEqualTo(x.tasks());
            assertThat(y.gpu()).isEqualTo(x.gpu());
            assertThat(y.interference()).isEqualTo(x.interference());
            assertThat(y.hyperperiod()).isEqualTo(x.hyperperiod());
            assertThat(y.jobCount()).isEqualTo(x.jobCount());
            for (Method m : registry.all()) {
                if (m.id().equals("brute-force") && x.jobCount() > 8) {
                    continue; // the reference twin is exponential; the explorer covers the rest
                }
                MethodResult ra = m.analyze(a, options);
                MethodResult rb = m.analyze(b, options);
                assertThat(rb.outcome()).as("seed %d %s", seed, m.id()).isEqualTo(ra.outcome());
                assertThat(rb.tasks()).as("seed %d %s", seed, m.id()).isEqualTo(ra.tasks());
                if (m.id().equals("gpusched") && ra.outcome() == Outcome.SCHEDULABLE) {
                    schedulable++;
                }
            }
        }
        assertThat(schedulable).as("both verdicts must occur").isBetween(1, SETS - 1);
    }
}
