package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A GPU spends the runtime's launch, submission and synchronise cost itself, so the kernels it is
 * asked to run must leave that cost out of their frame's model; the simulated device has no
 * runtime and carries it inside the kernels. On an H200 the first kind (kernels asked the whole
 * frame) ran every frame over its model by the runtime's real cost.
 */
class DeviceDurationsTest {
    private static final String SET = """
            {"formatVersion": 1, "name": "rt", "timeUnit": "us",
             "tasks": [
               {"name": "fast", "period": 1000, "wcet": 102, "kernel": {"blocks": 4, "threadsPerBlock": 128}},
               {"name": "slow", "period": 2000, "wcet": 313, "kernel": {"blocks": 8, "threadsPerBlock": 256}}],
             "interference": {"model": "table", "missing": "forbid",
                              "entries": [{"tasks": ["fast", "slow"], "completion": 400}]},
             "runtime": {"launch": 4, "submit": 94, "sync": 3, "copy": 0}}
            """;

    private final TaskSet ts = new TaskSetReader().read("rt.json", SET);
    private final SchedulingTable table = PlayerFixtures.table(ts);

    @Test
    void aGpuRunsEachFrameItsModelLessTheRuntimeCost() {
        UnrolledTable plan = UnrolledTable.of(ts, table, "rt.table.json", 2);
        long[] sim = ExecTime.WCET.durations(plan, 1);
        long[] gpu = ExecTime.WCET.deviceDurations(plan, 1);
        for (int e = 0; e < plan.entries(); e++) {
            int jobs = plan.first(e + 1) - plan.first(e);
            // One kernel: 94 + 4 + 3; two: 94 + 8 + 3 (format.md, "runtime").
            long overhead = 94 + 3 + 4L * jobs;
            assertThat(plan.overhead(e)).isEqualTo(overhead);
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                assertThat(sim[i]).isEqualTo(plan.completion(e));
                assertThat(gpu[i]).isEqualTo(plan.completion(e) - overhead);
            }
        }
        assertThat(plan.played()).isEqualTo(2);
    }

    @Test
    void withoutAStatedRuntimeBothDevicesAskTheSame() {
        TaskSet none = PlayerFixtures.paper();
        UnrolledTable plan = UnrolledTable.of(none, PlayerFixtures.table(none), "t.json", 3);
        assertThat(ExecTime.parse("uniform:0.5..1.0").deviceDurations(plan, 9))
                .containsExactly(ExecTime.parse("uniform:0.5..1.0").durations(plan, 9));
    }
}
