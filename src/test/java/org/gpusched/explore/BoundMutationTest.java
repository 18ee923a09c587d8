package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Mutation checks of the necessary conditions (the live bounds): each rule broken on purpose must be
 * caught by the explorer-vs-brute-force comparison of {@link ExplorerPropertyTest} (same random
 * sets, same seeds), i.e. the property tests are able to see a rule that drops a live state.
 * The unbroken rules pass that comparison on every set there.
 */
class BoundMutationTest {
    private static final int MAX_SETS = 1500;

    @ParameterizedTest
    @EnumSource(value = LiveBound.Mutation.class, names = "NONE", mode = EnumSource.Mode.EXCLUDE)
    void a_broken_rule_is_caught_by_the_brute_force_comparison(LiveBound.Mutation mutation) {
        Options search = Options.defaults().withGreedyFirst(false);
        long caughtAt = -1;
        int compared = 0;
        for (long seed = 1; compared < MAX_SETS && caughtAt < 0; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 2, 4);
            if (ts.jobCount() > 40) {
                continue;
            }
            compared++;
            Verdict reference = new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict();
            for (SearchOrder order : new SearchOrder[] {SearchOrder.AUTO, SearchOrder.BFS}) {
                Verdict mutated = new GpuSchedExplorer(ts, search.withSearch(order), mutation, Engine.LAZY_FROM,
                        GpuSchedExplorer.GREEDY_FROM, LayerSplit.ROUND).analyze().verdict();
                if (mutated != reference) {
                    caughtAt = seed;
                }
            }
        }
        assertThat(caughtAt).as("%s must make the explorer disagree with brute force on some set", mutation)
                .isPositive();
    }
}
