package org.gpusched.solver;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The solver engine against the brute-force twin on thousands of small random sets (the same
 * generators as the explorer's property test): it never calls a set not schedulable that brute
 * force schedules, and every schedule it returns checks out. It may be inconclusive (a solution of
 * the relaxation that does not play as PBS), and it must decide most sets. The engine runs as
 * shipped, its worker learning from conflicts; the search without learning, which takes over when
 * a learning step cannot be checked, is compared too.
 */
class SolverPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500);
    private static final int PIPELINES = Integer.getInteger("gpusched.pipelineSets", 1000);

    @Test
    void small_sets_two_to_four_tasks() {
        Map<Verdict, Integer> seen = run(SETS, 0, seed -> RandomTaskSets.generate(seed, 2, 4), FrameModel.Mutation.NONE,
                true);
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isPositive();
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isPositive();
    }

    /** The search without conflict learning, on a fifth of the sets: exact as well. */
    @Test
    void small_sets_without_learning() {
        Map<Verdict, Integer> seen = run(SETS / 5, 0, seed -> RandomTaskSets.generate(seed, 2, 4),
                FrameModel.Mutation.NONE, false);
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isPositive();
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isPositive();
    }

    @Test
    void pipelines_with_offsets_jitter_and_chains() {
        Map<Verdict, Integer> seen = run(PIPELINES, 5_000_000, seed -> {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            return ts.origin() < 0 ? null : ts;
        }, FrameModel.Mutation.NONE, true);
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isPositive();
    }

    /**
     * Two workers in Choco's portfolio, the learning one among them (it stops the others when it
     * refutes, and is stopped without a verdict when a step of its learning cannot be checked).
     */
    @Test
    void small_sets_two_workers() {
        Map<Verdict, Integer> seen = run(SETS / 10, 9_000_000, seed -> RandomTaskSets.generate(seed, 2, 4),
                ts -> new SolverEngine(ts, 2), " with two workers");
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isPositive();
    }

    /** The comparison above sees a constraint made one tick too strong: the test can fail. */
    @Test
    void a_broken_constraint_is_caught() {
        long caught = caught(1, seed -> RandomTaskSets.generate(seed, 2, 4), FrameModel.Mutation.PAIR_ONE_LONGER);
        assertThat(caught).as("a frame of two one tick too long must refute some schedulable set").isPositive();
    }

    /**
     * The non-idling constraint with a hole (the frame that ends where a waiting kernel starts
     * looked for among the other tasks only, so a chain's next kernel seems to wait behind nothing)
     * refutes some schedulable pipeline: the comparison sees the new constraints too.
     */
    @Test
    void a_broken_non_idling_constraint_is_caught() {
        long caught = caught(5_000_001, seed -> {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            return ts.origin() < 0 ? null : ts;
        }, FrameModel.Mutation.IDLE_SKIPS_OWN_TASK);
        assertThat(caught).as("a non-idling constraint with a hole must refute some schedulable pipeline").isPositive();
    }

    /** The first of 3,000 seeds on which the mutated engine refutes a set brute force schedules; -1 if none. */
    private static long caught(long first, LongFunction<TaskSet> gen, FrameModel.Mutation m) {
        for (long seed = first; seed < first + 3000; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || !small(ts)) {
                continue;
            }
            Verdict mutated = new SolverEngine(ts, 1, m, true).analyze(Budget.defaults().start()).verdict();
            if (mutated == Verdict.NOT_SCHEDULABLE
                    && new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict()
                    == Verdict.SCHEDULABLE) {
                return seed;
            }
        }
        return -1;
    }

    private static boolean small(TaskSet ts) {
        return ts.jobCount() <= 40;
    }

    static Map<Verdict, Integer> run(int sets, long seedBase, LongFunction<TaskSet> gen, FrameModel.Mutation m,
            boolean learning) {
        return run(sets, seedBase, gen, ts -> new SolverEngine(ts, 1, m, learning),
                learning ? "" : " without learning");
    }

    static Map<Verdict, Integer> run(int sets, long seedBase, LongFunction<TaskSet> gen,
            Function<TaskSet, SolverEngine> engine, String what) {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int compared = 0;
        for (long seed = seedBase + 1; compared < sets; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || !small(ts)) {
                continue;
            }
            compared++;
            Analysis s = engine.apply(ts).analyze(Budget.defaults().start());
            seen.merge(s.verdict(), 1, Integer::sum);
            if (s.verdict() == Verdict.INCONCLUSIVE) {
                continue;
            }
            Verdict reference = new BruteForceExplorer(ts, Budget.of(2_000_000, null)).analyze().verdict();
            if (reference == Verdict.INCONCLUSIVE) {
                continue;
            }
            assertThat(s.verdict()).as("seed %d: solver engine against brute force", seed).isEqualTo(reference);
            if (s.verdict() == Verdict.SCHEDULABLE) {
                assertThat(TableChecker.check(ts, Tables.of(ts, s))).as("seed %d: solver table", seed).isEmpty();
            }
        }
        System.out.println("solver engine verdicts on " + sets + " sets" + what + ": " + seen);
        return seen;
    }
}
