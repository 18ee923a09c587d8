package org.gpusched.explore;

import org.gpusched.explore.job.Learning;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomTaskSets;
import org.gpusched.SymmetricTaskSets;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mutation checks of the learning rules: each rule broken on purpose (symmetric classes that
 * merge tasks with different deadlines or wcets; settled states that are not settled) must make
 * the explorer disagree with the brute-force twin on some set of the property tests' generators,
 * i.e. {@link LearningPropertyTest} can see a rule that merges or drops too much.
 */
class LearningMutationTest {
    private static final int MAX_SETS = 1500;
    private static final Budget BRUTE = Budget.of(LearningPropertyTest.BRUTE_BUDGET, null);

    @ParameterizedTest
    @EnumSource(value = Learning.Mutation.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void a_broken_rule_is_caught_by_the_brute_force_comparison(Learning.Mutation mutation) {
        // The known timing anomaly first: keeping only the earliest time of a state loses its schedule.
        TaskSet anomaly = new TaskSetReader().read(Path.of("src/test/resources/cases/timing-anomaly.json"));
        long caughtAt = disagrees(anomaly, mutation) ? 0 : -1;
        int compared = 0;
        for (long seed = 1; compared < MAX_SETS && caughtAt < 0; seed++) {
            // Odd seeds: sets with copies of tasks; even ones: plain sets of three to five tasks (anomalies).
            TaskSet ts = seed % 2 == 1 ? SymmetricTaskSets.generate(seed) : RandomTaskSets.generate(seed, 3, 5);
            if (ts.jobCount() > 40) {
                continue;
            }
            compared++;
            if (disagrees(ts, mutation)) {
                caughtAt = seed;
            }
        }
        assertThat(caughtAt).as("%s must make the explorer disagree with brute force on some set", mutation)
                .isNotNegative();
    }

    /**
     * The counterexample that keeps the settled condition: without it, "no schedule from (c, t)"
     * would be taken to hold at every later time of the same state, and this schedulable set
     * (a later frame end lets a newly released job join a parallel batch) is called unschedulable.
     */
    @ParameterizedTest
    @EnumSource(value = SearchOrder.class, names = {"DFS", "BFS"})
    void a_failure_does_not_carry_to_later_times_of_an_unsettled_state(SearchOrder order) {
        TaskSet anomaly = new TaskSetReader().read(Path.of("src/test/resources/cases/timing-anomaly.json"));
        assertThat(new BruteForceExplorer(anomaly, BRUTE).analyze().verdict())
                .isEqualTo(Verdict.SCHEDULABLE);
        assertThat(LearningPropertyTest.engineVerdict(anomaly, order, Learning.Mutation.NONE))
                .isEqualTo(Verdict.SCHEDULABLE);
        assertThat(LearningPropertyTest.engineVerdict(anomaly, order, Learning.Mutation.SETTLED_ALWAYS))
                .isEqualTo(Verdict.NOT_SCHEDULABLE);
    }

    private static boolean disagrees(TaskSet ts, Learning.Mutation mutation) {
        Verdict reference = new BruteForceExplorer(ts, BRUTE).analyze().verdict();
        for (SearchOrder order : new SearchOrder[] {SearchOrder.DFS, SearchOrder.BFS}) {
            if (LearningPropertyTest.engineVerdict(ts, order, mutation) != reference) {
                return true;
            }
        }
        return false;
    }

    @ParameterizedTest
    @EnumSource(value = SearchOrder.class, names = {"DFS", "BFS"})
    void the_unbroken_rules_agree_on_the_same_sets(SearchOrder order) {
        for (long seed = 1; seed <= 200; seed++) {
            TaskSet ts = seed % 2 == 1 ? SymmetricTaskSets.generate(seed) : RandomTaskSets.generate(seed, 3, 5);
            if (ts.jobCount() > 40) {
                continue;
            }
            Verdict reference = new BruteForceExplorer(ts, BRUTE).analyze().verdict();
            assertThat(LearningPropertyTest.engineVerdict(ts, order, Learning.Mutation.NONE)).as("seed %d", seed)
                    .isEqualTo(reference);
        }
    }
}
