package org.gpusched.explore;

import org.gpusched.explore.bound.EarliestSweep;
import org.gpusched.explore.bound.GreedyFirst;
import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Stats;
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
 * The earliest-time sweep only ever reports schedules of sets brute force finds schedulable, and
 * each is a table the table checker accepts, alone at several widths (keyed by count vectors and by
 * classes of ready sets) and in {@link AutoSearch}'s turns (one and two threads, where the verdict
 * must be brute force's), on random sets and pipelines (offsets, jitter, chains, every interference
 * model); a sweep broken on purpose is stopped by the replay before anything is reported.
 */
class EarliestSweepPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500);
    private static final int PIPELINES = Integer.getInteger("gpusched.pipelineSets", 1000);
    private static final int[] WIDTHS = {1, 2, 8};
    /** Keyed by count vectors, and by classes of ready sets. */
    private static final int[] CLASSES = {1, EarliestSweep.READY_CLASSES};

    private static TaskSet pipeline(long seed) {
        TaskSet ts = RandomPipelines.generate(seed, 2, 4);
        return ts.origin() < 0 ? null : ts;
    }

    @Test
    void finds_only_schedules_of_sets_brute_force_finds_schedulable() {
        run(SETS, 9_000_000, seed -> RandomTaskSets.generate(seed, 2, 5), true);
    }

    @Test
    void finds_only_schedules_of_pipelines_brute_force_finds_schedulable() {
        // Depth-first decides these small pipelines before the sweep's turns come: none by the sweep.
        run(PIPELINES, 9_500_000, EarliestSweepPropertyTest::pipeline, false);
    }

    @Test
    void a_sweep_with_frames_too_short_is_stopped_by_the_replay() {
        int[] rejected = new int[2];
        List<String> failures = new ArrayList<>();
        BruteForceSets.each(SETS, 9_000_000, seed -> RandomTaskSets.generate(seed, 2, 5), (seed, ts, ref) -> {
            for (int classes : CLASSES) {
                EarliestSweep s = sweep(ts, 8, classes, EarliestSweep.Mutation.SHORTER_FRAMES);
                EarliestSweep.Step step = s.step(Long.MAX_VALUE);
                if (EarliestSweep.NOT_A_SCHEDULE.equals(s.failedWhy())) {
                    rejected[classes == 1 ? 0 : 1]++;
                }
                if (step == EarliestSweep.Step.FOUND) {
                    BruteForceSets.tableAccepted(failures, seed, ts, "broken sweep", found(ts, s));
                }
            }
            return failures.size() <= 20;
        });
        assertThat(failures).isEmpty();
        assertThat(rejected[0]).as("paths the replay rejected, keyed by vectors").isPositive();
        assertThat(rejected[1]).as("paths the replay rejected, keyed by ready sets").isPositive();
    }

    private static EarliestSweep sweep(TaskSet ts, int width, int classes, EarliestSweep.Mutation m) {
        return new EarliestSweep(ts, new Oracle(ts), new JobModel(ts), null, LiveBound.Mutation.NONE, width, classes,
                1 << 20, m);
    }

    private static Analysis found(TaskSet ts, EarliestSweep s) {
        return new GreedyFirst(new Oracle(ts), new JobModel(ts)).found(s.schedule(), "sweep", Stats.EMPTY,
                Analysis.SWEEP);
    }

    /** @param inSearch whether some verdicts of {@code auto} must come from the sweep */
    private static void run(int sets, long seedBase, LongFunction<TaskSet> gen, boolean inSearch) {
        List<String> failures = new ArrayList<>();
        // Sets some sweep found; sweeps keyed by vectors, by ready sets that found one.
        int[] found = new int[3];
        int[] bySweep = new int[1];
        Map<Verdict, Integer> seen = BruteForceSets.each(sets, seedBase, gen, (seed, ts, reference) -> {
            boolean any = false;
            for (int width : WIDTHS) {
                for (int classes : CLASSES) {
                    EarliestSweep s = sweep(ts, width, classes, EarliestSweep.Mutation.NONE);
                    EarliestSweep.Step step = s.step(Long.MAX_VALUE);
                    String which = "width " + width + ", " + classes + " class(es)";
                    if (step == EarliestSweep.Step.OPEN || EarliestSweep.NOT_A_SCHEDULE.equals(s.failedWhy())) {
                        failures.add("seed " + seed + ": " + which + " ended " + step + " (" + s.failedWhy() + ")");
                    }
                    if (step == EarliestSweep.Step.FOUND) {
                        any = true;
                        found[classes == 1 ? 1 : 2]++;
                        if (reference != Verdict.SCHEDULABLE) {
                            failures.add("seed " + seed + ": " + which + " found a schedule, brute force says "
                                    + reference);
                        }
                        BruteForceSets.tableAccepted(failures, seed, ts, "sweep", found(ts, s));
                    }
                }
            }
            found[0] += any ? 1 : 0;
            // The search with a 2-state dive, so that the sweep takes turns beside it.
            for (int threads = 1; threads <= 2; threads++) {
                Analysis a = new GpuSchedExplorer(ts, TestOptions.dive(Options.defaults(), 2).withThreads(threads),
                        LiveBound.Mutation.NONE, Engine.LAZY_FROM, 0, LayerSplit.ROUND).analyze();
                if (a.verdict() != reference) {
                    failures.add("seed " + seed + ": auto with sweep turns, " + threads + " thread(s), says "
                            + a.verdict() + ", brute force " + reference);
                }
                BruteForceSets.tableAccepted(failures, seed, ts, "auto", a);
                if (Analysis.SWEEP.equals(a.foundBy())) {
                    bySweep[0]++;
                }
            }
            return failures.size() <= 20;
        });
        assertThat(failures).isEmpty();
        int feasible = seen.getOrDefault(Verdict.SCHEDULABLE, 0);
        // It must have something to say: most schedulable sets, and on random sets some inside the search.
        assertThat(found[0]).as("found of %d schedulable", feasible).isGreaterThan(feasible / 2);
        // Keyed by ready sets, a sweep keeps more states per vector: it finds at least as many.
        assertThat(found[2]).as("found keyed by ready sets").isGreaterThanOrEqualTo(found[1]);
        if (inSearch) {
            assertThat(bySweep[0]).isPositive();
        }
    }
}
