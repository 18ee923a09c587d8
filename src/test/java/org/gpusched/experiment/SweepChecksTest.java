package org.gpusched.experiment;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The sweep limits the experiment commands refuse before drawing a set (usage errors, exit 2). */
class SweepChecksTest {
    @Test
    void taskCountsAreRangesOrListsBoundedBeforeExpansion() {
        assertThat(SweepChecks.taskCounts("3..5")).containsExactly(3, 4, 5);
        assertThat(SweepChecks.taskCounts("3,5,7")).containsExactly(3, 5, 7);
        assertThatThrownBy(() -> SweepChecks.taskCounts("1..2147483647")).hasMessageContaining("task counts must be in 1..");
        assertThatThrownBy(() -> SweepChecks.taskCounts("5..3")).hasMessageContaining("is not a range like 3..10");
        assertThatThrownBy(() -> SweepChecks.taskCounts("x")).hasMessageContaining("is not a range like 3..10");
    }

    @Test
    void aRunHoldsAtMostAMillionSets() {
        assertThat(SweepChecks.units(1000, 1000)).isNull();
        assertThat(SweepChecks.units(1001, 1000)).contains("at most 1000000 task sets");
        assertThat(SweepChecks.copyExec(0)).isEqualTo("--sets must be in 1..166666");
    }

    @Test
    void eachSweepNamesTheFirstParameterOutOfItsRange() {
        assertThat(SweepChecks.paperSets(3, List.of(0.2, 1.0), 50, 5)).isNull();
        assertThat(SweepChecks.paperSets(3, List.of(6.0), 50, 5)).isEqualTo("every utilisation must be in (0, tasks]");
        assertThat(SweepChecks.gcaps(10, List.of(3), List.of(0.5), List.of(0.0))).isNull();
        assertThat(SweepChecks.gcaps(10, List.of(3), List.of(0.5), List.of(1.0)))
                .isEqualTo("every best-effort share must be in [0, 1)");
        assertThat(SweepChecks.partitioning(68, 10, List.of(50), List.of(2.0), 0.5, 0.75)).isNull();
        assertThat(SweepChecks.partitioning(68, 10, List.of(50), List.of(1000.0), 0.5, 0.75))
                .startsWith("every utilisation must be in (0, 0.9 * tasks * ");
        assertThat(SweepChecks.graphSize(3, 0, 5, 1.0)).startsWith("need --sets >= 1, --max-states >= 1");
        assertThat(SweepChecks.runtime(List.of(1.0), 5, List.of(3, 4), 1.0, 50)).isNull();
    }
}
