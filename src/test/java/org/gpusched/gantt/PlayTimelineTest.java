package org.gpusched.gantt;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.gpusched.player.ExecTime;
import org.gpusched.player.Mode;
import org.gpusched.player.UnrolledTable;
import org.gpusched.player.PlayResult;
import org.gpusched.player.PlayerFixtures;
import org.gpusched.player.SimDevice;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code play --gantt} of a workload with chains and copies: kernels on their task's lane, copies on theirs. */
class PlayTimelineTest {

    @Test
    void chainsShareTheirTasksLaneAndCopiesHaveLanesOfTheirOwn() {
        TaskSet ts = new TaskSetReader().read(Path.of("src/test/resources/cases/pbs-copies.json"));
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 1);
        PlayResult r = PlayResult.of(plan, Mode.TIME_TRIGGERED,
                new SimDevice().play(plan, Mode.TIME_TRIGGERED, ExecTime.WCET.durations(plan, 1)));
        Gantt g = Timelines.of(r, "t");
        assertThat(g.lanes()).containsExactly("kernel cam", "kernel lidar", "H2D copies", "D2H copies");
        long copies = r.jobs().stream().mapToLong(j -> (j.ops().h2dModel() > 0 ? 1 : 0) + (j.ops().d2hModel() > 0 ? 1 : 0)).sum();
        assertThat(g.bars()).hasSize(plan.items() + (int) copies);
        // cam.pre and cam.net both on cam's lane (0), each bar as long as its kernel ran.
        assertThat(g.bars().stream().filter(b -> b.lane() == 0).count()).isEqualTo(4);
        for (Gantt.Bar b : g.bars()) {
            assertThat(b.end()).isGreaterThan(b.start());
        }
        assertThat(g.bars().stream().filter(b -> b.lane() == 2).mapToLong(b -> b.end() - b.start()).sum())
                .isEqualTo(200 + 150 + 200);
    }
}
