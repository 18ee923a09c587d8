package org.gpusched.oracle;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dense memo (arrays indexed by the set) answers exactly what the hash memo answers: every set's
 * order and completion, every candidate list, and the same number of placements (one per set asked).
 */
class SetMemoTest {

    @Test
    void dense_and_hash_memos_give_the_same_answers_on_random_sets() {
        int compared = 0;
        for (long seed = 1; seed <= 400; seed++) {
            // Pipelines too: their sets range over kernels (chain stages), not tasks.
            TaskSet ts = seed <= 300 ? RandomTaskSets.generate(seed, 2, 10) : RandomPipelines.generate(seed, 2, 4);
            int n = ts.units().size();
            Oracle dense = new Oracle(ts, null, true);
            Oracle hash = new Oracle(ts, null, false);
            long all = (1L << n) - 1;
            BatchList a = dense.batchesOf(all);
            BatchList b = hash.batchesOf(all);
            assertThat(a.masks()).as("seed %d", seed).isEqualTo(b.masks());
            assertThat(a.completions()).as("seed %d", seed).isEqualTo(b.completions());
            assertThat(a.eligible()).as("seed %d", seed).isEqualTo(b.eligible());
            assertThat(a.skip()).as("seed %d", seed).isEqualTo(b.skip());
            // Every set, including those the list leaves out (over the GPU's summed capacity), asked twice.
            for (int round = 0; round < 2; round++) {
                for (long m = 1; m <= all; m++) {
                    BatchInfo x = dense.batch(m);
                    BatchInfo y = hash.batch(m);
                    assertThat(x.order()).as("seed %d set %d", seed, m).isEqualTo(y.order());
                    assertThat(x.completion()).as("seed %d set %d", seed, m).isEqualTo(y.completion());
                    compared++;
                }
            }
            assertThat(dense.placements()).as("seed %d", seed).isEqualTo(hash.placements());
            assertThat(dense.toString()).isEqualTo(hash.toString());
        }
        assertThat(compared).isGreaterThan(10_000);
    }

    @Test
    void sets_of_more_kernels_than_the_dense_limit_use_the_hash_memo() {
        SetMemo memo = new SetMemo(SetMemo.DENSE_UNITS + 1, true, m -> new BatchInfo(new int[] {0}, m * 3));
        long wide = 1L << SetMemo.DENSE_UNITS;
        assertThat(memo.get(wide).completion()).isEqualTo(wide * 3);
        assertThat(memo.get(wide | 1).completion()).isEqualTo((wide | 1) * 3);
        assertThat(memo.size()).isEqualTo(2);
        SetMemo small = new SetMemo(3, true, m -> new BatchInfo(m == 5 ? null : new int[] {0}, m + 1));
        assertThat(small.get(5).eligible()).isFalse();
        assertThat(small.get(6).completion()).isEqualTo(7);
        small.get(5);
        assertThat(small.size()).isEqualTo(2);
    }
}
