package org.gpusched.player;

import org.gpusched.partition.Kind;
import org.gpusched.partition.SmPartitionPlan;
import org.gpusched.partition.PartitionTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The simulated device on hand-computed partitions, one per policy. */
class PartitionSimTest {
    static SmPartitionPlan.Slot slot(int i, long time, long deadline, long period) {
        return new SmPartitionPlan.Slot("t" + i, i, Kind.COMPUTE, false, time, deadline, period);
    }

    static SmPartitionPlan plan(PartitionTest test, long sms, SmPartitionPlan.Slot... slots) {
        return new SmPartitionPlan(8, test, List.of(new SmPartitionPlan.Partition("P0", sms, 0, sms - 1, List.of(slots))));
    }

    @Test
    void perTaskKernelsCoRunFromTheirRelease() {
        List<PartitionSim.Job> jobs = PartitionSim.play(plan(PartitionTest.PER_TASK, 2, slot(0, 3, 4, 4),
                slot(1, 5, 6, 8)), 8);
        assertThat(jobs).extracting(PartitionSim.Job::finish).containsExactly(3L, 5L, 7L);
        assertThat(jobs).noneMatch(PartitionSim.Job::missed);
    }

    @Test
    void edfRunsOneJobAtATimeAndPreempts() {
        // t0 (C 2, T 4, D 4), t1 (C 3, T 8, D 8): t0 0..2, t1 2..4, t0#1 4..6 (earlier deadline 8 ties
        // t1's 8: task index first), t1 resumes 6..7.
        List<PartitionSim.Job> jobs = PartitionSim.play(plan(PartitionTest.EDF_DBF, 2, slot(0, 2, 4, 4),
                slot(1, 3, 8, 8)), 8);
        assertThat(jobs).extracting(PartitionSim.Job::task, PartitionSim.Job::finish).containsExactly(
                org.assertj.core.groups.Tuple.tuple("t0", 2L), org.assertj.core.groups.Tuple.tuple("t1", 7L),
                org.assertj.core.groups.Tuple.tuple("t0", 6L));
    }

    @Test
    void globalEdfUsesEverySmOfThePartitionAndShowsAMiss() {
        // Three jobs of 4 on 2 SMs, deadlines 4, 4, 5: the third starts at 4 and ends at 8 > 5.
        List<PartitionSim.Job> jobs = PartitionSim.play(plan(PartitionTest.GFB, 2, slot(0, 4, 4, 10),
                slot(1, 4, 4, 10), slot(2, 4, 5, 10)), 10);
        assertThat(jobs).extracting(PartitionSim.Job::finish).containsExactly(4L, 4L, 8L);
        assertThat(jobs.get(2).missed()).isTrue();
    }
}
