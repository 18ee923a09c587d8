package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.Workers;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Depth-first gives way in {@link SearchOrder#AUTO} once its first turn ends on a path of fewer than
 * an eighth of the hyperperiod's kernels: breadth-first then takes every turn. On over-utilised sets
 * of the paper's workload (U = 1.6) the result is breadth-first's own, and the depth-first partner's
 * statistics are those of one turn, on every thread count.
 */
class HopelessDiveTest {
    private static final long DIVE = 10;

    private static Analysis run(TaskSet ts, Options o) {
        return new GpuSchedExplorer(ts, o).analyze();
    }

    @Test
    void a_dive_that_fails_early_hands_every_turn_to_breadth_first() {
        int fired = 0;
        for (int i = 0; i < 12; i++) {
            TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.6, 10, i).parse();
            Options plain = TestOptions.dive(Options.defaults().withGreedyFirst(false), DIVE);
            Analysis bfs = run(ts, plain.withSearch(SearchOrder.BFS));
            // Depth-first's first turn alone, as auto runs it.
            Options dfsOnly = plain.withSearch(SearchOrder.DFS);
            Engine dfs = new Engine(new Oracle(ts), new JobModel(ts), dfsOnly, dfsOnly.budget().start(),
                    LiveBound.Mutation.NONE, Engine.LAZY_FROM, Workers.ONE);
            dfs.step(DIVE);
            Stats turn = dfs.snapshot();
            if (bfs.stats().states() < 4 * DIVE || (long) turn.maxDepth() * AutoSearch.HOPELESS_SHARE >= ts.kernelCount()) {
                continue; // decided within a turn or two, or depth-first is not hopeless here
            }
            Analysis auto = run(ts, plain);
            assertThat(auto.verdict()).as("set %d", i).isEqualTo(bfs.verdict());
            // Breadth-first's whole run plus depth-first's first turn: no depth-first turn after it.
            assertThat(auto.stats().states()).as("set %d", i).isEqualTo(bfs.stats().states() + turn.states());
            assertThat(auto.stats().edges()).as("set %d", i).isEqualTo(bfs.stats().edges() + turn.edges());
            for (int threads = 2; threads <= 3; threads++) {
                assertThat(run(ts, plain.withThreads(threads)).stats()).as("set %d, %d threads", i, threads)
                        .usingRecursiveComparison().ignoringFields("elapsedNanos", "peakHeapBytes")
                        .isEqualTo(auto.stats());
            }
            fired++;
        }
        assertThat(fired).isPositive();
    }

    /**
     * 22 small kernels ready at once: breadth-first cannot list the root's candidate batches (over
     * 2^20) and retires. Depth-first, which walks them lazily, must then go on and decide, also when
     * it had given way after its first turn (a turn of two states ends one frame deep).
     */
    @Test
    void depth_first_takes_over_again_when_breadth_first_retires_after_it_gave_way() {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 22; i++) {
            tasks.append(i == 0 ? "" : ",").append("""
                    {"name": "t%d", "period": %d, "wcet": 3, "kernel": {"blocks": 1, "threadsPerBlock": 32}}"""
                    .formatted(i, i % 2 == 0 ? 10 : 80));
        }
        TaskSet ts = org.gpusched.TestFiles.parse("""
                {"name": "wide", "gpu": {"preset": "paper-8sm"}, "tasks": [%s]}""".formatted(tasks));
        Options o = TestOptions.dive(Options.defaults().withGreedyFirst(false), 2);
        Options dfsOnly = o.withSearch(SearchOrder.DFS);
        Engine dfs = new Engine(new Oracle(ts), new JobModel(ts), dfsOnly, dfsOnly.budget().start(),
                LiveBound.Mutation.NONE, Engine.LAZY_FROM, Workers.ONE);
        dfs.step(2);
        // Depth-first's first turn ends shallow: it gives way before breadth-first's first turn.
        assertThat((long) dfs.snapshot().maxDepth() * AutoSearch.HOPELESS_SHARE).isLessThan(ts.kernelCount());
        assertThat(dfs.finalsTrail()).isEmpty();
        Analysis auto = run(ts, o);
        assertThat(auto.verdict()).as(String.valueOf(auto.note())).isEqualTo(Verdict.SCHEDULABLE);
    }
}
