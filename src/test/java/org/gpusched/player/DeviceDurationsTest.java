package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a GPU is asked, by {@code play} and by {@code loop} alike: each kernel its own isolated time,
 * so the device (contention and runtime cost included) decides how long a frame takes, and that is
 * what the table's model is checked against. On an H200, {@code play} once asked every kernel for its
 * frame's whole modelled time and ran 300 of 600 frames of contending-kinds over a model that
 * {@code loop} (asking each kernel its own wcet) had declared stable.
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
    void aGpuIsAskedEachKernelsOwnTimeNotItsFramesModel() {
        UnrolledTable plan = UnrolledTable.of(ts, table, "rt.table.json", 2);
        long[] sim = ExecTime.WCET.durations(plan, 1);
        long[] gpu = ExecTime.WCET.ownDurations(plan, ts, 1);
        boolean together = false;
        for (int e = 0; e < plan.entries(); e++) {
            together |= plan.first(e + 1) - plan.first(e) == 2;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                // The simulator carries the frame's whole model in each kernel; a GPU runs each its own wcet.
                assertThat(sim[i]).isEqualTo(plan.completion(e));
                assertThat(gpu[i]).isEqualTo(ts.units().get(plan.unit(i)).wcet());
            }
        }
        assertThat(together).as("a frame of both tasks, where the two meanings differ").isTrue();
        assertThat(plan.played()).isEqualTo(2);
    }

    @Test
    void aFractionScalesEachKernelsOwnTimeAndASeedRepeatsIt() {
        TaskSet none = PlayerFixtures.paper();
        UnrolledTable plan = UnrolledTable.of(none, PlayerFixtures.table(none), "t.json", 3);
        ExecTime half = ExecTime.parse("fixed:0.5");
        long[] d = half.ownDurations(plan, none, 9);
        for (int i = 0; i < d.length; i++) {
            assertThat(d[i]).isEqualTo(ExecTime.sample(none.units().get(plan.unit(i)).wcet(), 0.5));
        }
        ExecTime u = ExecTime.parse("uniform:0.5..1.0");
        assertThat(u.ownDurations(plan, none, 9)).containsExactly(u.ownDurations(plan, none, 9));
    }
}
