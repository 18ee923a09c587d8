package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tabulated due counts against their definition: for every deadline of the hyperperiod and
 * the times next to it, the number of jobs of each task whose deadline is at or before it,
 * counted one job at a time, on random sets and random pipelines (offsets, chains, jitter); and
 * the demand bound read from the table against the same bound computed by division (the way
 * taken when the table would be too large), on random executed sets.
 */
class DueTableTest {
    @Test
    void the_table_counts_the_jobs_due_by_every_deadline() {
        int checked = 0;
        for (long seed = 1; seed <= 300; seed++) {
            TaskSet ts = seed % 2 == 0 ? RandomTaskSets.generate(seed, 2, 5) : RandomPipelines.generate(seed, 2, 5);
            JobModel jm = new JobModel(ts);
            int[] jobs = new int[jm.n];
            for (int i = 0; i < jm.n; i++) {
                jobs[i] = jm.items[i] / jm.chain[i];
            }
            DueTable table = DueTable.of(jm, jobs, DueTable.MAX_CELLS);
            assertThat(table).isNotNull();
            for (int i = 0; i < jm.n; i++) {
                for (int k = 0; k < jobs[i]; k++) {
                    long d = jm.deadline(i, k);
                    assertThat(table.deadlines[table.indexOf(i, k)]).isEqualTo(d);
                    for (long probe = d - 1; probe <= d + 1; probe++) {
                        int x = table.floor(probe);
                        for (int t = 0; t < jm.n; t++) {
                            int expected = 0;
                            for (int j = 0; j < jobs[t]; j++) {
                                expected += jm.deadline(t, j) <= probe ? 1 : 0;
                            }
                            assertThat(x < 0 ? 0 : table.due(x, t)).as("seed %d, task %d, by %d", seed, t, probe)
                                    .isEqualTo(expected);
                            checked++;
                        }
                    }
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
    }

    @Test
    void the_demand_bound_is_the_same_with_and_without_the_table() {
        SplittableRandom r = new SplittableRandom(5);
        int states = 0;
        for (long seed = 1; seed <= 200; seed++) {
            TaskSet ts = seed % 2 == 0 ? RandomTaskSets.generate(seed, 2, 5) : RandomPipelines.generate(seed, 2, 5);
            JobModel jm = new JobModel(ts);
            Oracle oracle = new Oracle(ts, Budget.defaults().start());
            DemandBound tabulated = new DemandBound(ts, oracle, jm, LiveBound.Mutation.NONE);
            DemandBound divided = new DemandBound(ts, oracle, jm, LiveBound.Mutation.NONE, 0);
            for (int k = 0; k < 50; k++) {
                int[] counts = new int[jm.n];
                for (int i = 0; i < jm.n; i++) {
                    counts[i] = r.nextInt(jm.items[i] + 1);
                }
                assertThat(tabulated.latestStart(counts)).as("seed %d", seed).isEqualTo(divided.latestStart(counts));
                long d = r.nextLong(jm.hyperperiod + 1) + jm.offset[0];
                assertThat(tabulated.need(counts, d)).as("seed %d, by %d", seed, d).isEqualTo(divided.need(counts, d));
                states++;
            }
        }
        assertThat(states).isEqualTo(10_000);
    }
}
