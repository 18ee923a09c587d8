package org.gpusched.player;

import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

class SimPlayerTest {
    private final TaskSet ts = PlayerFixtures.paper();
    private final SchedulingTable table = PlayerFixtures.table(ts);

    private PlayResult play(SchedulingTable t, Mode mode, ExecTime exec, long seed, int hps) {
        UnrolledTable plan = UnrolledTable.of(ts, t, "table.json", hps);
        return PlayResult.of(plan, mode, new SimDevice().play(plan, mode, exec.durations(plan, seed)));
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void paperExampleKeepsEveryDeadlineAtWcet(Mode mode) {
        PlayResult r = play(table, mode, ExecTime.WCET, 1, 1);
        assertThat(r.summary().misses()).isZero();
        assertThat(r.summary().jobs()).isEqualTo(11);
        assertThat(r.summary().maxLateness()).isLessThanOrEqualTo(0);
    }

    @Test
    void timeTriggeredStartsAreTheTablesStarts() {
        PlayResult r = play(table, Mode.TIME_TRIGGERED, ExecTime.WCET, 1, 1);
        for (int e = 0; e < table.entries().size(); e++) {
            assertThat(r.batches().get(e).start()).isEqualTo(table.entries().get(e).start());
            assertThat(r.batches().get(e).end()).isEqualTo(table.entries().get(e).end());
        }
    }

    @Test
    void timeTriggeredStartsStayOnTheTableWhenJobsRunFaster() {
        PlayResult r = play(table, Mode.TIME_TRIGGERED, ExecTime.parse("uniform:0.5..1.0"), 42, 3);
        for (PlayResult.BatchRow b : r.batches()) {
            assertThat(b.start()).isEqualTo(b.plannedStart());
            assertThat(b.end()).isLessThanOrEqualTo(b.plannedEnd());
        }
        assertThat(r.summary().misses()).isZero();
    }

    @Test
    void reclaimStartsNoLaterThanPlannedAndNeverBeforeRelease() {
        PlayResult r = play(table, Mode.RECLAIM, ExecTime.parse("uniform:0.2..1.0"), 7, 2);
        assertThat(r.summary().misses()).isZero();
        boolean earlier = false;
        for (PlayResult.BatchRow b : r.batches()) {
            assertThat(b.start()).isLessThanOrEqualTo(b.plannedStart());
            earlier |= b.start() < b.plannedStart();
        }
        for (PlayResult.JobRow j : r.jobs()) {
            assertThat(j.start()).isGreaterThanOrEqualTo(j.release());
        }
        assertThat(earlier).as("reclaim uses the time jobs left unused").isTrue();
    }

    @Test
    void hyperperiodsRepeatWithOffset() {
        PlayResult r = play(table, Mode.TIME_TRIGGERED, ExecTime.WCET, 1, 3);
        int n = table.entries().size();
        assertThat(r.batches()).hasSize(3 * n);
        assertThat(r.batches().get(2 * n).start()).isEqualTo(2 * ts.hyperperiod() + table.entries().get(0).start());
        assertThat(r.jobs().get(r.jobs().size() - 1).deadline()).isEqualTo(3 * ts.hyperperiod());
    }

    @Test
    void jobTimesAreFractionsOfTheBatchCompletionRoundedUp() {
        UnrolledTable plan = UnrolledTable.of(ts, table, "t", 1);
        long[] d = ExecTime.parse("uniform:0.5..1.0").durations(plan, 3);
        for (int e = 0; e < plan.entries(); e++) {
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                assertThat(d[i]).isBetween((plan.completion(e) + 1) / 2, plan.completion(e));
            }
        }
        assertThat(ExecTime.parse("uniform:0.5..1.0").durations(plan, 3)).isEqualTo(d);
        assertThat(ExecTime.parse("fixed:0.01").durations(plan, 3)).containsOnly(1L);
    }

    @Test
    void shiftedTableMissesInTimeTriggeredModeOnly() {
        SchedulingTable late = PlayerFixtures.shifted(table, 1);
        assertThat(play(late, Mode.TIME_TRIGGERED, ExecTime.WCET, 1, 1).summary().misses()).isPositive();
        assertThat(play(late, Mode.RECLAIM, ExecTime.WCET, 1, 1).summary().misses()).isZero();
    }

    @Test
    void execTimeSpecsParseOrExplain() {
        assertThat(ExecTime.parse("uniform:0.5..1.0").low()).isEqualTo(0.5);
        assertThat(ExecTime.parse("wcet")).isEqualTo(ExecTime.WCET);
        for (String bad : new String[] {"uniform:1..0.5", "uniform:0..1", "normal:1", "fixed:x", "uniform:0.5"}) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ExecTime.parse(bad))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
