package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.graph.Workers;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Learning;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomTaskSets;
import org.gpusched.SymmetricTaskSets;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rules of {@link MergeLevel#CANONICAL} (symmetric tasks share a canonical key; later times of
 * a settled state are dropped) against the brute-force twin, on random sets with interchangeable
 * tasks and on plain random sets, under every search order, with every schedule checked as a
 * table (its frames must name real jobs although the search ran on canonical states).
 */
class LearningPropertyTest {
    static final long BRUTE_BUDGET = 2_000_000;
    private static final int SETS = Integer.getInteger("gpusched.learningSets", 600);

    @Test
    void sets_with_interchangeable_tasks() {
        int symmetric = run(SETS, 0, SymmetricTaskSets::generate);
        // The generator must give symmetric classes most of the time (a copy is sometimes made different).
        assertThat(symmetric).isGreaterThan(SETS / 2);
    }

    /** Chains of kernels, offsets, jitter and table entries naming kernels, with copies of tasks. */
    @Test
    void pipelines_with_interchangeable_tasks() {
        int symmetric = run(SETS / 2, 10_000_000, SymmetricTaskSets::pipelines);
        assertThat(symmetric).isGreaterThan(SETS / 8);
    }

    @Test
    void plain_random_sets_three_to_five_tasks() {
        run(SETS / 2, 3_000_000, seed -> RandomTaskSets.generate(seed, 3, 5));
    }

    /** Returns how many compared sets had interchangeable tasks. */
    private static int run(int sets, long seedBase, LongFunction<TaskSet> gen) {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        int symmetric = 0;
        int schedulable = 0;
        for (long seed = seedBase + 1; compared < sets && failures.size() < 20; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || ts.kernelCount() > 40) {
                continue;
            }
            compared++;
            if (new JobModel(ts).learning.symmetry.any()) {
                symmetric++;
            }
            Verdict reference = new BruteForceExplorer(ts, Budget.of(BRUTE_BUDGET, null)).analyze().verdict();
            assertThat(reference).as("brute force budget on seed %d", seed).isNotEqualTo(Verdict.INCONCLUSIVE);
            schedulable += reference == Verdict.SCHEDULABLE ? 1 : 0;
            Options canonical = Options.defaults().withMerge(MergeLevel.CANONICAL);
            Options search = canonical.withGreedyFirst(false);
            check(failures, seed, "auto, greedy first and seeded", reference, ts,
                    new GpuSchedExplorer(ts, canonical, LiveBound.Mutation.NONE, Engine.LAZY_FROM, 0, LayerSplit.ROUND)
                            .analyze());
            check(failures, seed, "dfs seeded by the greedy runs", reference, ts, new GpuSchedExplorer(ts,
                    canonical.withSearch(SearchOrder.DFS), LiveBound.Mutation.NONE, Engine.LAZY_FROM, 0,
                    LayerSplit.ROUND).analyze());
            check(failures, seed, "dfs walking batches lazily", reference, ts, new GpuSchedExplorer(ts,
                    search.withSearch(SearchOrder.DFS), LiveBound.Mutation.NONE, 1, GpuSchedExplorer.GREEDY_FROM,
                    LayerSplit.ROUND).analyze());
            check(failures, seed, "auto with a 3-state dive on two threads", reference, ts,
                    new GpuSchedExplorer(ts, TestOptions.dive(search, 3).withThreads(2)).analyze());
            check(failures, seed, "bfs", reference, ts,
                    new GpuSchedExplorer(ts, search.withSearch(SearchOrder.BFS)).analyze());
            check(failures, seed, "bfs split over three threads", reference, ts,
                    new GpuSchedExplorer(ts, search.withSearch(SearchOrder.BFS).withThreads(3)).analyze());
            check(failures, seed, "earliest-time-first", reference, ts,
                    new GpuSchedExplorer(ts, search.withSearch(SearchOrder.EARLIEST_TIME_FIRST)).analyze());
            for (Objective o : Objective.values()) {
                // Canonical keys under --stop all: the optimum, not only the verdict, is domination's.
                Analysis best = new GpuSchedExplorer(ts, canonical.withStop(StopRule.ALL, o)).analyze();
                check(failures, seed, "stop all " + o, reference, ts, best);
                Object want = new GpuSchedExplorer(ts, Options.defaults().withStop(StopRule.ALL, o)).analyze().achieved();
                if (!java.util.Objects.equals(best.achieved(), want)) {
                    failures.add("seed " + seed + ": canonical " + o + " reaches " + best.achieved() + ", domination "
                            + want);
                }
            }
        }
        assertThat(failures).as("replay with the generator of this test and the seed").isEmpty();
        assertThat(schedulable).isBetween(sets / 10, sets - sets / 10);
        return symmetric;
    }

    private static void check(List<String> failures, long seed, String config, Verdict expected, TaskSet ts,
                              Analysis a) {
        if (a.verdict() != expected) {
            failures.add("seed " + seed + ": canonical/" + config + " says " + a.verdict() + ", brute force "
                    + expected);
        } else if (a.verdict() == Verdict.SCHEDULABLE) {
            List<String> errors = TableChecker.check(ts, Tables.of(ts, "gpusched", a.schedule()));
            if (!errors.isEmpty()) {
                failures.add("seed " + seed + ": canonical/" + config + " table rejected: " + errors);
            }
        }
    }

    /** One engine alone on a job model with the given (possibly broken) learning rules: its verdict. */
    static Verdict engineVerdict(TaskSet ts, SearchOrder order, Learning.Mutation mutation) {
        Options opt = Options.defaults().withMerge(MergeLevel.CANONICAL).withSearch(order);
        Budget.Meter meter = opt.budget().start();
        Engine e = new Engine(new Oracle(ts, meter), new JobModel(ts, mutation), opt, meter, LiveBound.Mutation.NONE,
                Engine.LAZY_FROM, Workers.ONE);
        e.run();
        if (!e.finalsTrail().isEmpty()) {
            return Verdict.SCHEDULABLE;
        }
        return e.stoppedByBudget() ? Verdict.INCONCLUSIVE : Verdict.NOT_SCHEDULABLE;
    }
}
