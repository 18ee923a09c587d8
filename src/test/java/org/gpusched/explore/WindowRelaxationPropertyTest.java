package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.bound.WindowRelaxation;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The window relaxation only ever refutes sets that brute force finds not schedulable, alone and
 * in {@link AutoSearch}'s turns (one and two threads), on random sets and pipelines (offsets,
 * jitter, chains, every interference model it applies to), over every task and with one left out;
 * each deliberately broken variant is seen refuting a schedulable set.
 */
class WindowRelaxationPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500);
    private static final int PIPELINES = Integer.getInteger("gpusched.pipelineSets", 1000);

    private static TaskSet pipeline(long seed) {
        TaskSet ts = RandomPipelines.generate(seed, 2, 4);
        return ts.origin() < 0 ? null : ts;
    }

    @Test
    void refutes_only_sets_brute_force_finds_not_schedulable() {
        run(SETS, 7_000_000, seed -> RandomTaskSets.generate(seed, 2, 5));
    }

    @Test
    void refutes_only_pipelines_brute_force_finds_not_schedulable() {
        run(PIPELINES, 8_000_000, WindowRelaxationPropertyTest::pipeline);
    }

    @Test
    void each_broken_variant_refutes_a_schedulable_set() {
        for (WindowRelaxation.Mutation m : WindowRelaxation.Mutation.values()) {
            if (m == WindowRelaxation.Mutation.NONE) {
                continue;
            }
            boolean[] caught = new boolean[1];
            BruteForceSets.each(SETS, 7_000_000, seed -> RandomTaskSets.generate(seed, 2, 5), (seed, ts, ref) -> {
                caught[0] = ref == Verdict.SCHEDULABLE && (relax(ts, m, -1L) == WindowRelaxation.Step.REFUTED
                        || relax(ts, m, leftOut(seed, ts)) == WindowRelaxation.Step.REFUTED);
                return !caught[0];
            });
            assertThat(caught[0]).as("mutation %s refutes a schedulable set", m).isTrue();
        }
    }

    private static WindowRelaxation.Step relax(TaskSet ts, WindowRelaxation.Mutation m, long keep) {
        return relax(ts, m, keep, true);
    }

    /** @param every every window in turn, so that each is checked (auto's doubling tries a subset of them) */
    private static WindowRelaxation.Step relax(TaskSet ts, WindowRelaxation.Mutation m, long keep, boolean every) {
        Oracle oracle = new Oracle(ts);
        if (!oracle.monotoneCompletion()) {
            return WindowRelaxation.Step.RETIRED;
        }
        WindowRelaxation w = new WindowRelaxation(oracle, new JobModel(ts), null, LiveBound.Mutation.NONE, 1 << 20, m,
                keep);
        return (every ? w.everyWindow() : w).step(Long.MAX_VALUE);
    }

    /** One task left out, drawn from the seed (at least one task kept). */
    private static long leftOut(long seed, TaskSet ts) {
        return ~(1L << Math.floorMod(seed * 31, ts.size()));
    }

    private static void run(int sets, long seedBase, LongFunction<TaskSet> gen) {
        List<String> failures = new ArrayList<>();
        int[] refuted = new int[1];
        int[] byWindow = new int[1];
        Map<Verdict, Integer> seen = BruteForceSets.each(sets, seedBase, gen, (seed, ts, reference) -> {
            WindowRelaxation.Step every = relax(ts, WindowRelaxation.Mutation.NONE, -1L);
            // A window without a relaxed schedule leaves none to any later one: skipping windows
            // (doubling W) must refute exactly the same sets.
            if (relax(ts, WindowRelaxation.Mutation.NONE, -1L, false) != every) {
                failures.add("seed " + seed + ": every window " + every + ", doubling W differs");
            }
            if (every == WindowRelaxation.Step.REFUTED) {
                refuted[0]++;
                if (reference != Verdict.NOT_SCHEDULABLE) {
                    failures.add("seed " + seed + ": the window relaxation refutes a set brute force finds " + reference);
                }
            }
            if (relax(ts, WindowRelaxation.Mutation.NONE, leftOut(seed, ts)) == WindowRelaxation.Step.REFUTED
                    && reference != Verdict.NOT_SCHEDULABLE) {
                failures.add("seed " + seed + ": the window relaxation without one task refutes a set brute force finds "
                        + reference);
            }
            // The search with a 2-state dive, so that the relaxation takes turns beside it.
            for (int threads = 1; threads <= 2; threads++) {
                Analysis a = new GpuSchedExplorer(ts, TestOptions.dive(Options.defaults(), 2).withThreads(threads),
                        LiveBound.Mutation.NONE, Engine.LAZY_FROM, 0, LayerSplit.ROUND).analyze();
                if (a.verdict() != reference) {
                    failures.add("seed " + seed + ": auto with window turns, " + threads + " thread(s), says "
                            + a.verdict() + ", brute force " + reference);
                }
                if (Analysis.WINDOW.equals(a.foundBy())) {
                    byWindow[0]++;
                }
            }
            return failures.size() <= 20;
        });
        assertThat(failures).isEmpty();
        int infeasible = seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0);
        // It must have something to say: a share of the infeasible sets, some of them inside the search.
        assertThat(refuted[0]).as("refuted of %d infeasible", infeasible).isGreaterThan(infeasible / 10);
        assertThat(byWindow[0]).isPositive();
    }
}
