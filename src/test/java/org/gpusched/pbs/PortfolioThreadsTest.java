package org.gpusched.pbs;

import org.gpusched.RandomTaskSets;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the portfolio spends --threads (solver workers, the graph search, the sweeps and relaxations
 * beside it, diversified depth-first searches; docs/solver.md, Threads), and the whole race from its
 * first millisecond (no head start, so that every engine runs on every set) against the brute-force
 * twin. Which engine
 * decides first depends on the threads' timing, so only the verdicts and tables are asserted.
 */
class PortfolioThreadsTest {
    /** Thread counts of the race: dives alone, then the parts beside the graph search (8, 12). */
    private static final int[] THREADS = {3, 4, 8, 12};

    @Test
    void the_threads_go_to_the_solver_the_graph_search_the_parts_beside_it_and_the_dives_as_documented() {
        // threads -> {solver workers, graph search, parts beside it, dives}
        int[][] expected = {{1, 1, 1, 0, 0}, {2, 1, 1, 0, 0}, {3, 1, 1, 0, 1}, {4, 2, 1, 0, 1}, {8, 4, 2, 2, 0},
            {10, 4, 2, 4, 0}, {16, 4, 2, 4, 6}};
        for (int[] e : expected) {
            Options o = Options.defaults().withThreads(e[0]);
            int workers = Portfolio.solverWorkers(e[0]);
            int rest = Math.max(1, e[0] - workers);
            int beside = Portfolio.beside(o, rest);
            int dives = Portfolio.dives(o, beside > 0 ? rest - beside - 1 : rest);
            assertThat(new int[] {workers, rest - beside - dives, beside, dives}).as("%d threads", e[0])
                    .containsExactly(e[1], e[2], e[3], e[4]);
        }
        Options sixteen = Options.defaults().withThreads(16);
        assertThat(Portfolio.dives(sixteen.withStop(StopRule.ALL, Objective.MOST_SLACK), 12)).isZero();
        assertThat(Portfolio.dives(sixteen.withGraphLimit(1000), 12)).isZero();
        assertThat(Portfolio.dives(sixteen.withSearch(SearchOrder.BFS), 12)).isZero();
        assertThat(Portfolio.dives(sixteen.withSearch(SearchOrder.DFS), 12)).isEqualTo(11);
        // The sweeps and relaxations answer only "is there a schedule", with the checks before the search on.
        assertThat(Portfolio.beside(sixteen.withStop(StopRule.ALL, Objective.MOST_SLACK), 12)).isZero();
        assertThat(Portfolio.beside(sixteen.withGraphLimit(1000), 12)).isZero();
        assertThat(Portfolio.beside(sixteen.withSearch(SearchOrder.DFS), 12)).isZero();
        assertThat(Portfolio.beside(sixteen.withGreedyFirst(false), 12)).isZero();
    }

    @Test
    @Timeout(600) // a lost engine would otherwise hang the suite
    void racing_every_engine_from_the_start_gives_brute_force_verdicts_and_valid_tables() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        for (long seed = 7_000_001; compared < 150; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 3, 5);
            if (ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            Verdict reference = new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict();
            Options o = Options.defaults().withGreedyFirst(seed % 2 == 0).withThreads(THREADS[(int) (seed % THREADS.length)]);
            Analysis a = Portfolio.race(ts, o, o.budget().start(), 0);
            if (a.verdict() != reference) {
                failures.add("seed " + seed + ": " + a.verdict() + " (" + a.engine() + "), brute force " + reference);
            }
            if (a.verdict() == Verdict.SCHEDULABLE) {
                List<String> errors = TableChecker.check(ts, Tables.of(ts, "portfolio", a.schedule()));
                if (!errors.isEmpty()) {
                    failures.add("seed " + seed + ": table rejected: " + errors);
                }
            }
        }
        assertThat(failures).isEmpty();
    }
}
