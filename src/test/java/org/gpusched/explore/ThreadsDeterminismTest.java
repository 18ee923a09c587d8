package org.gpusched.explore;

import org.gpusched.RandomTaskSets;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * --threads: the same verdict, schedule, witness, note and statistics (all but time
 * and heap) on one thread and on two, on random sets with turns of a few states so that the two
 * engines alternate many times, and the speculative depth-first turn is often thrown away.
 */
class ThreadsDeterminismTest {
    @Test
    void two_threads_give_the_one_thread_result() {
        List<String> diffs = new ArrayList<>();
        int[] verdicts = new int[3];
        for (long seed = 1; seed <= 400; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 3, 5);
            if (ts.jobCount() > 40) {
                continue;
            }
            for (long dive : new long[] {2, 7}) {
                Options o = Options.defaults().withGreedyFirst(false).withDive(dive);
                Analysis one = new GpuSchedExplorer(ts, o.withThreads(1)).analyze();
                Analysis two = new GpuSchedExplorer(ts, o.withThreads(2)).analyze();
                verdicts[one.verdict().ordinal()]++;
                if (!key(one).equals(key(two))) {
                    diffs.add("seed " + seed + " dive " + dive + ": " + key(one) + " vs " + key(two));
                }
            }
        }
        assertThat(diffs).isEmpty();
        assertThat(verdicts[Verdict.SCHEDULABLE.ordinal()]).isGreaterThan(50);
        assertThat(verdicts[Verdict.NOT_SCHEDULABLE.ordinal()]).isGreaterThan(50);
    }

    private static List<Object> key(Analysis a) {
        Stats s = a.stats();
        return List.of(a.verdict(), a.method(), a.schedule(), String.valueOf(a.witness()), String.valueOf(a.note()),
                List.of(s.vertices(), s.states(), s.edges(), s.merges(), s.splits(), s.fastForwards(), s.pruned(),
                        s.maxDepth()));
    }
}
