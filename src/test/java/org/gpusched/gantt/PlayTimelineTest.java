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

/** {@code play --gantt} of a workload with chains and copies: each task a lane group, a sub-lane per kernel and copy. */
class PlayTimelineTest {

    @Test
    void eachTaskHasASubLanePerKernelAndPerCopyAndEveryJobItsTimes() {
        TaskSet ts = new TaskSetReader().read(Path.of("src/test/resources/cases/pbs-copies.json"));
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 1);
        PlayResult r = PlayResult.of(plan, Mode.TIME_TRIGGERED,
                new SimDevice().play(plan, Mode.TIME_TRIGGERED, ExecTime.WCET.durations(plan, 1)));
        Gantt g = Timelines.of(r, "t");
        assertThat(g.lanes()).containsExactly("cam H2D", "cam.pre", "cam.net", "cam D2H", "lidar H2D", "lidar",
                "lidar D2H");
        assertThat(g.laneTasks()).containsExactly(0, 0, 0, 0, 1, 1, 1);
        long copies = r.jobs().stream().mapToLong(j -> (j.ops().h2dModel() > 0 ? 1 : 0) + (j.ops().d2hModel() > 0 ? 1 : 0)).sum();
        assertThat(g.bars()).hasSize(plan.items() + (int) copies);
        // cam.pre and cam.net each on a sub-lane of its own, each bar as long as its kernel ran.
        assertThat(g.bars().stream().filter(b -> b.lane() == 1).count()).isEqualTo(2);
        assertThat(g.bars().stream().filter(b -> b.lane() == 2).count()).isEqualTo(2);
        for (Gantt.Bar b : g.bars()) {
            assertThat(b.end()).isGreaterThan(b.start());
            // Every bar inside its job, and on a lane of the job's task.
            Gantt.Job j = g.jobs().get(b.job());
            assertThat(g.laneTasks().get(b.lane())).isEqualTo(j.task());
            assertThat(b.start()).isGreaterThanOrEqualTo(j.start());
            assertThat(b.end()).isLessThanOrEqualTo(j.end());
        }
        assertThat(g.bars().stream().filter(b -> g.lanes().get(b.lane()).endsWith(" H2D"))
                .mapToLong(b -> b.end() - b.start()).sum()).isEqualTo(200 + 150 + 200);
        // One job per chain run (cam.pre and cam.net of a job are one), each released before it starts.
        assertThat(g.jobs()).hasSize((int) r.jobs().stream().filter(j -> !j.task().equals("cam.pre")).count());
        for (Gantt.Job j : g.jobs()) {
            assertThat(j.release()).isLessThanOrEqualTo(j.start());
            assertThat(j.frame()).isGreaterThanOrEqualTo(0);
        }
    }
}
