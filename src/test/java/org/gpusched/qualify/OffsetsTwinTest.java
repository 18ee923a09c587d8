package org.gpusched.qualify;

import org.gpusched.explore.job.Options;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Workload;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.policy.RunOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bound twin simulates a file with offsets twice: released together and at the file's offsets (the GCAPS
 * family ignores offsets, so its bounds must hold for both). In this set, drawn by the CLI property tests'
 * generator, halved TSG-RR bounds hold against the synchronous release and fail only at the offsets: t0
 * (offset 14) meets t2's long GPU segments in a phasing the synchronous release never produces.
 */
class OffsetsTwinTest {
    private static final String FILE = """
            {"formatVersion": 2, "name": "rta-2", "timeUnit": "tick", "platform": {"cpus": 2,
             "gpuDriver": {"timeslice": 4, "contextSwitch": 1, "runlistUpdate": 2}}, "tasks": [
             {"name": "t0", "period": 30, "deadline": 25, "offset": 14, "segments": [{"cpu": 3},
              {"gpu": {"misc": 0, "exec": 1}}, {"cpu": 1}], "cpu": {"core": 0, "priority": 2}, "gpuPriority": 2,
              "bestEffort": true},
             {"name": "t1", "period": 20, "deadline": 17, "offset": 3, "segments": [{"cpu": 2},
              {"gpu": {"misc": 0, "exec": 1}}, {"cpu": 1}], "cpu": {"core": 1, "priority": 3}, "gpuPriority": 3},
             {"name": "t2", "period": 30, "deadline": 28, "offset": 29, "segments": [{"cpu": 12},
              {"gpu": {"misc": 1, "exec": 7}}, {"cpu": 0}, {"gpu": {"misc": 1, "exec": 12}}, {"cpu": 20}],
              "cpu": {"core": 1, "priority": 1}, "gpuPriority": 1}]}
            """;

    private static List<Observation> check(Mutation mutation) {
        RunOptions options = new RunOptions(Options.defaults().withBudget(Qualify.STATES_PER_ANALYSIS, null),
                RunOptions.defaults().gpuPriority(), RunOptions.DEFAULT_VARIANT);
        Workload w = new WorkloadReader().read("rta-2.json", FILE);
        assertThat(w.tasks()).extracting(t -> t.offset()).containsExactly(14L, 3L, 29L);
        return new Twins(MethodRegistry.standard(), options, mutation).check(w, FILE, 2,
                options.explore().budget().start()).observations();
    }

    @Test
    void aHalvedBoundIsCaughtAtTheFilesOffsets() {
        List<Observation> bounds = check(Mutation.BOUND_HALVED).stream()
                .filter(o -> o.check().equals(Twins.boundCheck("tsg-rr-suspend"))).toList();
        assertThat(bounds).hasSize(1);
        assertThat(bounds.get(0).status()).isEqualTo(Observation.Status.DISAGREED);
        assertThat(bounds.get(0).message()).isEqualTo("t0: bound 8 below the simulated 12 (tasks released at their"
                + " offsets)");
    }

    @Test
    void theTrueBoundsHoldAtBothReleases() {
        List<Observation> bounds = check(Mutation.NONE).stream().filter(o -> o.check().endsWith("bound >= simulation"))
                .toList();
        assertThat(bounds).isNotEmpty().allMatch(o -> o.status() == Observation.Status.AGREED, "agreed");
    }
}
