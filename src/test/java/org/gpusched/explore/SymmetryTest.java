package org.gpusched.explore;

import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Symmetry;
import org.gpusched.SymmetricTaskSets;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The canonical form's bookkeeping: hash, sort order, and the moves between slots and real tasks. */
class SymmetryTest {
    @Test
    void canonical_counts_are_sorted_per_class_with_the_hash_of_the_sorted_counts() {
        SplittableRandom r = new SplittableRandom(7);
        int checked = 0;
        for (long seed = 1; seed <= 300; seed++) {
            TaskSet ts = SymmetricTaskSets.generate(seed);
            JobModel jm = new JobModel(ts);
            Symmetry sym = jm.learning.symmetry;
            if (!sym.any()) {
                continue;
            }
            long[][] keys = new long[jm.n][];
            for (int i = 0; i < jm.n; i++) {
                keys[i] = r.longs(jm.items[i] + 1).toArray();
            }
            int[] real = new int[jm.n];
            for (int i = 0; i < jm.n; i++) {
                real[i] = r.nextInt(jm.items[i] + 1);
            }
            int[] canon = real.clone();
            long hash = sym.canonicalise(canon, hashOf(real, keys), keys);
            assertThat(hash).as("seed %d", seed).isEqualTo(hashOf(canon, keys));
            int[] map = sym.realOf(real);
            for (int i = 0; i < jm.n; i++) {
                // Slot i of the canonical form holds the count of the real task map[i].
                assertThat(canon[i]).isEqualTo(real[map[i]]);
            }
            int[] again = canon.clone();
            sym.canonicalise(again, 0, keys);
            assertThat(again).as("canonical forms are fixed points").isEqualTo(canon);
            int[] sortedReal = real.clone();
            int[] sortedCanon = canon.clone();
            Arrays.sort(sortedReal);
            Arrays.sort(sortedCanon);
            assertThat(sortedCanon).isEqualTo(sortedReal);
            long all = (1L << jm.units) - 1;
            assertThat(Symmetry.moveUnits(Symmetry.moveUnits(all, map, jm), Symmetry.inverse(map), jm)).isEqualTo(all);
            checked++;
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void tasks_that_differ_in_deadline_or_wcet_are_not_interchangeable() {
        for (long seed = 1; seed <= 300; seed++) {
            TaskSet ts = SymmetricTaskSets.generate(seed);
            JobModel jm = new JobModel(ts);
            int[] counts = new int[jm.n];
            Arrays.fill(counts, 0);
            for (int i = 0; i < jm.n; i++) {
                for (int j = i + 1; j < jm.n; j++) {
                    int[] c = new int[jm.n];
                    c[j] = 1;
                    jm.learning.symmetry.canonicalise(c, 0, new long[jm.n][jm.items[0] + 100]);
                    if (c[j] == 0 && c[i] == 1) {
                        // Merged: every parameter that shapes the future must be equal.
                        var a = ts.task(i);
                        var b = ts.task(j);
                        assertThat(a.period()).isEqualTo(b.period());
                        assertThat(a.deadline()).isEqualTo(b.deadline());
                        assertThat(a.wcet()).isEqualTo(b.wcet());
                        assertThat(a.kernel()).isEqualTo(b.kernel());
                        assertThat(ts.interference().factors().get(i).compareTo(ts.interference().factors().get(j)))
                                .isZero();
                    }
                }
            }
        }
    }

    private static long hashOf(int[] counts, long[][] keys) {
        long h = 0;
        for (int i = 0; i < counts.length; i++) {
            for (int k = 0; k < counts[i]; k++) {
                h ^= keys[i][k];
            }
        }
        return h;
    }
}
