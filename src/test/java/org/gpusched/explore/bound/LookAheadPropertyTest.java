package org.gpusched.explore.bound;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The look-ahead greedy policies against brute force on random sets and pipelines (offsets, jitter,
 * chains): every run is frames the table checker's rules accept up to its miss, a complete run is a
 * table the checker accepts of a set brute force finds schedulable, and each policy completes on a
 * fair share of those sets (a policy that never completed would pass the rest vacuously).
 */
class LookAheadPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500) / 2;

    @Test
    void random_sets() {
        check(SETS, 7_000_000, seed -> RandomTaskSets.generate(seed, 2, 5));
    }

    @Test
    void pipelines_with_offsets_jitter_and_chains() {
        check(SETS / 2, 8_000_000, seed -> {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            return ts.origin() < 0 ? null : ts;
        });
    }

    private static void check(int sets, long seedBase, LongFunction<TaskSet> gen) {
        List<String> failures = new ArrayList<>();
        Map<GreedyRuns.Policy, Integer> complete = new EnumMap<>(GreedyRuns.Policy.class);
        int schedulable = 0;
        int compared = 0;
        for (long seed = seedBase + 1; compared < sets && failures.size() < 10; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            Verdict reference = new BruteForceExplorer(ts, 2_000_000).analyze().verdict();
            assertThat(reference).as("brute force budget on seed %d", seed).isNotEqualTo(Verdict.INCONCLUSIVE);
            schedulable += reference == Verdict.SCHEDULABLE ? 1 : 0;
            Oracle oracle = new Oracle(ts);
            JobModel jm = new JobModel(ts);
            GreedyRuns runs = new GreedyRuns(oracle, jm, () -> new LiveBound(ts, oracle, jm, LiveBound.Mutation.NONE));
            GreedyFirst replay = new GreedyFirst(oracle, jm);
            for (GreedyRuns.Policy p : GreedyRuns.Policy.values()) {
                if (!p.ahead) {
                    continue;
                }
                GreedyRuns.Run run = runs.run(p);
                if (!replay.valid(run)) {
                    failures.add("seed " + seed + ": " + p + " ran frames the table checker's rules reject");
                } else if (run.complete()) {
                    complete.merge(p, 1, Integer::sum);
                    if (reference != Verdict.SCHEDULABLE) {
                        failures.add("seed " + seed + ": " + p + " completed a set brute force refutes");
                    }
                    List<String> errors = TableChecker.check(ts, Tables.of(ts, p.words,
                            replay.found(run, "greedy", Stats.EMPTY, p.words).schedule()));
                    if (!errors.isEmpty()) {
                        failures.add("seed " + seed + ": " + p + " table rejected: " + errors);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        for (GreedyRuns.Policy p : GreedyRuns.Policy.values()) {
            if (p.ahead) {
                assertThat(complete.getOrDefault(p, 0)).as("%s completes", p).isGreaterThan(schedulable / 3);
            }
        }
    }
}
