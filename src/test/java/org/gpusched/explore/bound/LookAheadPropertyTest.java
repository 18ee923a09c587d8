package org.gpusched.explore.bound;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The look-ahead greedy policies and the randomised restarts against brute force on random sets
 * and pipelines (offsets, jitter, chains): every run is frames the table checker's rules accept up
 * to its miss, a complete run is a table the checker accepts of a set brute force finds
 * schedulable, and each policy completes on a fair share of those sets (a policy that never
 * completed would pass the rest vacuously). The restarts run on every set, not only where the
 * policies fail (on small sets that is rare); they must complete on most schedulable sets, and a
 * second search of the same set must find the same run.
 */
class LookAheadPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500) / 2;
    private static final long RESTART_STEPS = 2_000;

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

    @Test
    void luby_sequence() {
        long[] terms = new long[15];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = RestartRuns.luby(i + 1);
        }
        assertThat(terms).containsExactly(1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8);
    }

    private static void check(int sets, long seedBase, LongFunction<TaskSet> gen) {
        List<String> failures = new ArrayList<>();
        Map<GreedyRuns.Policy, Integer> complete = new EnumMap<>(GreedyRuns.Policy.class);
        int schedulable = 0;
        int restartsComplete = 0;
        int compared = 0;
        for (long seed = seedBase + 1; compared < sets && failures.size() < 10; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            Verdict reference = new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict();
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
                    checkComplete(ts, seed, reference, run, p.words, replay, failures);
                }
            }
            GreedyRuns.Run restarts = restarts(ts);
            if (restarts != null) {
                restartsComplete++;
                checkComplete(ts, seed, reference, restarts, GreedyFirst.RESTARTS, replay, failures);
                GreedyRuns.Run again = restarts(ts);
                if (again == null || !Arrays.equals(again.starts(), restarts.starts())
                        || !Arrays.equals(again.masks(), restarts.masks())) {
                    failures.add("seed " + seed + ": a second search of the same set found another run");
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(restartsComplete).as("restarts complete, of %d schedulable sets", schedulable)
                .isGreaterThan(schedulable / 2);
        for (GreedyRuns.Policy p : GreedyRuns.Policy.values()) {
            if (p.ahead) {
                assertThat(complete.getOrDefault(p, 0)).as("%s completes", p).isGreaterThan(schedulable / 3);
            }
        }
    }

    /** A complete run: accepted by the replay, of a set brute force finds schedulable, a table the checker accepts. */
    private static void checkComplete(TaskSet ts, long seed, Verdict reference, GreedyRuns.Run run, String words,
                                      GreedyFirst replay, List<String> failures) {
        if (!run.complete() || !replay.valid(run)) {
            failures.add("seed " + seed + ": " + words + " ran frames the table checker's rules reject");
            return;
        }
        if (reference != Verdict.SCHEDULABLE) {
            failures.add("seed " + seed + ": " + words + " completed a set brute force refutes");
        }
        List<String> errors = TableChecker.check(ts, Tables.of(ts, words,
                replay.found(run, "greedy", Stats.EMPTY, words).schedule()));
        if (!errors.isEmpty()) {
            failures.add("seed " + seed + ": " + words + " table rejected: " + errors);
        }
    }

    private static GreedyRuns.Run restarts(TaskSet ts) {
        Oracle oracle = new Oracle(ts);
        JobModel jm = new JobModel(ts);
        return new RestartRuns(oracle, jm, new LiveBound(ts, oracle, jm, LiveBound.Mutation.NONE)).search(RESTART_STEPS);
    }
}
