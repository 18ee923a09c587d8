package org.gpusched.experiment;

import org.gpusched.partition.PartitionInput;
import org.gpusched.partition.PartitionOptions;
import org.gpusched.partition.KernelTask;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Section 7 of Zahaf et al. 2021 on a reduced sweep (n = 50, 68 SMs, 8 sets per point). */
class PartitioningExperimentTest {
    static final List<Double> US = List.of(4.0, 20.0, 40.0, 54.0);
    static final int SETS = 8;

    private static PartitioningExperiment small() {
        return new PartitioningExperiment(1, 68, List.of(50), US, SETS, 0.5, 0.75, PartitionOptions.DEFAULT);
    }

    /** Schedulable sets per U (rows) and heuristic (columns, in PartitioningExperiment.HEURISTICS order). */
    private static int[][] counts(PartitioningExperiment e) {
        int[][] ok = new int[US.size()][PartitioningExperiment.HEURISTICS.size()];
        for (int unit = 0; unit < e.units(); unit++) {
            String[] c = e.run(unit).get(0).split(",", -1);
            for (int h = 0; h < ok[0].length; h++) {
                ok[unit / SETS][h] += c[6 + 5 * h].equals("yes") ? 1 : 0;
            }
        }
        return ok;
    }

    @Test
    void allHeuristicsScheduleEverySetAtLowLoadAndOneGFallsFirst() {
        int[][] ok = counts(small());
        int oneG = PartitioningExperiment.HEURISTICS.size() - 1;
        for (int u = 0; u < 2; u++) {
            for (int h = 0; h < ok[u].length; h++) {
                assertThat(ok[u][h]).as("U %s heuristic %d", US.get(u), h).isEqualTo(SETS);
            }
        }
        // At U = 40 1G has lost sets while the heuristics schedule (almost) all; at every U 1G is last.
        assertThat(ok[2][oneG]).isLessThan(SETS);
        for (int u = 0; u < US.size(); u++) {
            for (int h = 0; h < oneG; h++) {
                assertThat(ok[u][h]).as("U %s heuristic %d", US.get(u), h).isGreaterThanOrEqualTo(ok[u][oneG]);
            }
        }
        assertThat(ok[2][0]).isGreaterThan(ok[2][oneG]);
    }

    @Test
    void setsFollowThePapersGenerator() {
        PartitioningExperiment e = small();
        PartitionInput in = e.set(SETS * 3 + 2);
        assertThat(in.tasks()).hasSize(50);
        double u = 0;
        for (KernelTask t : in.tasks()) {
            assertThat(t.deadline()).isEqualTo(t.period() * 3 / 4);
            assertThat(t.period() % 1000).isZero();
            assertThat(t.period()).isBetween(50_000L, 4_000_000L);
            u += (double) t.cn(1) / t.period();
        }
        // Σ C(1)/T = Σ (a + b)/T lies between U·1.02 and U·1.1 (rounding aside).
        assertThat(u).isBetween(54 * 1.01, 54 * 1.11);
        assertThat(e.set(SETS * 3 + 2)).isEqualTo(in);
        assertThat(Experiment.of(PartitioningExperiment.KIND, e.params()).params()).isEqualTo(e.params());
        assertThat(Map.copyOf(e.params())).containsEntry("partitionTest", "per-task");
    }
}
