package org.gpusched.explore;

import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Diversified depth-first searches over one shared visited set against the brute-force twin, on
 * thousands of random sets with two to four threads: with nothing stopped the verdict is brute
 * force's (so never "not schedulable" where it finds a schedule), and every schedule is a table
 * the checker accepts. A search that abandons what it claimed must turn a refutation into
 * "inconclusive" (the verdict rule is what keeps skipping sound); the mutation that takes the
 * abandoned search as finished must be caught. A failure names the seed.
 */
class DiverseDfsPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500);

    @Test
    @Timeout(600) // a lost thread would otherwise hang the suite
    void small_sets_agree_with_brute_force_on_several_threads() {
        Map<Verdict, Integer> seen = run(SETS, 0, seed -> RandomTaskSets.generate(seed, 2, 4), DiverseDfs.Fault.NONE);
        assertThat(seen.get(Verdict.SCHEDULABLE)).as("schedulable sets").isGreaterThan(SETS / 10);
        assertThat(seen.get(Verdict.NOT_SCHEDULABLE)).as("not schedulable sets").isGreaterThan(SETS / 10);
    }

    @Test
    @Timeout(600)
    void larger_sets_and_pipelines_agree_with_brute_force() {
        Map<Verdict, Integer> seen = run(SETS / 5, 2_000_000, seed -> RandomTaskSets.generate(seed, 3, 5),
                DiverseDfs.Fault.NONE);
        seen.putAll(run(SETS / 5, 3_000_000, seed -> {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            return ts.origin() < 0 ? null : ts;
        }, DiverseDfs.Fault.NONE));
        assertThat(seen.get(Verdict.NOT_SCHEDULABLE)).as("not schedulable sets").isGreaterThan(SETS / 50);
    }

    @Test
    @Timeout(600)
    void an_abandoned_search_never_turns_a_skip_into_a_refutation() {
        run(SETS / 2, 4_000_000, seed -> RandomTaskSets.generate(seed, 2, 4), DiverseDfs.Fault.ABANDON);
    }

    @Test
    @Timeout(600)
    void the_mutation_that_trusts_an_abandoned_search_is_caught() {
        List<String> unsound = new ArrayList<>();
        for (long seed = 5_000_001; seed <= 5_000_300; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 2, 4);
            if (ts.kernelCount() > BruteForceSets.MAX_KERNELS) {
                continue;
            }
            Verdict reference = new BruteForceExplorer(ts, Budget.of(BruteForceSets.BUDGET, null)).analyze().verdict();
            Analysis a = dives(ts, seed, DiverseDfs.Fault.ABANDON_UNSEEN);
            if (a.verdict() == Verdict.NOT_SCHEDULABLE && reference == Verdict.SCHEDULABLE) {
                unsound.add("seed " + seed);
            }
        }
        assertThat(unsound).as("sets the mutated verdict rule refutes although brute force schedules them")
                .isNotEmpty();
    }

    private static Map<Verdict, Integer> run(int sets, long seedBase, LongFunction<TaskSet> gen, DiverseDfs.Fault fault) {
        List<String> failures = new ArrayList<>();
        Map<Verdict, Integer> seen = BruteForceSets.each(sets, seedBase, gen, (seed, ts, reference) -> {
            Analysis a = dives(ts, seed, fault);
            boolean agrees = fault == DiverseDfs.Fault.NONE ? a.verdict() == reference
                    : a.verdict() == reference || a.verdict() == Verdict.INCONCLUSIVE;
            if (!agrees) {
                failures.add("seed " + seed + " (" + fault + "): " + a.verdict() + ", brute force says " + reference);
            }
            BruteForceSets.tableAccepted(failures, seed, ts, "dives", a);
            return true;
        });
        assertThat(failures).isEmpty();
        return seen;
    }

    /**
     * Two to four searches; the plain order first or not; lazy walks from two ready tasks on half
     * the seeds; the greedy seeds on a third (the plain search otherwise, so that it decides).
     */
    private static Analysis dives(TaskSet ts, long seed, DiverseDfs.Fault fault) {
        int threads = 2 + (int) (seed % 3);
        Options o = Options.defaults().withGreedyFirst(seed % 3 == 0);
        int lazyFrom = seed % 2 == 0 ? 2 : Engine.LAZY_FROM;
        return new DiverseDfs(ts, o, threads, (int) (seed / 3 % 2), lazyFrom, fault, 1 + seed % 5).analyze(
                o.budget().start());
    }
}
