package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each part the portfolio runs beside the graph search on many cores answers only what brute force
 * says (a schedule of a schedulable set, a table the checker accepts; a refutation of an
 * unschedulable one) or nothing, on random sets and pipelines; the sweeps and the relaxation over
 * every task each answer some; a cancelled meter stops every part without an answer.
 */
class BesideSearchPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.propertySets", 2500) / 2;
    private static final int PIPELINES = Integer.getInteger("gpusched.pipelineSets", 1000) / 2;

    @Test
    void every_part_answers_as_brute_force_or_not_at_all_on_random_sets() {
        run(SETS, 9_100_000, seed -> RandomTaskSets.generate(seed, 2, 5));
    }

    @Test
    void every_part_answers_as_brute_force_or_not_at_all_on_random_pipelines() {
        run(PIPELINES, 9_600_000, seed -> {
            TaskSet ts = RandomPipelines.generate(seed, 2, 4);
            return ts.origin() < 0 ? null : ts;
        });
    }

    @Test
    void a_cancelled_meter_leaves_every_part_without_an_answer() {
        TaskSet ts = RandomTaskSets.generate(9_100_001, 3, 5);
        for (BesideSearch.Part part : BesideSearch.Part.values()) {
            Budget.Meter meter = Options.defaults().budget().start();
            meter.cancel();
            Analysis a = new BesideSearch(ts, Options.defaults()).analyze(part, meter);
            assertThat(a.verdict()).as("%s", part).isEqualTo(Verdict.INCONCLUSIVE);
            assertThat(a.note()).as("%s", part).isNotBlank();
        }
    }

    @Test
    void a_relaxation_that_retires_says_why() {
        // 32 tasks of the paper's workload: more kernels ready at once than the relaxation lists.
        TaskSet ts = Generator.generate(1, Scenario.LARGE, 1.6, 32, 3).parse();
        Analysis a = new BesideSearch(ts, Options.defaults()).analyze(BesideSearch.Part.RELAXATION,
                Options.defaults().budget().start());
        assertThat(a.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.note()).isEqualTo("the window relaxation retired: more than 16 kernels ready at once for the jobs "
                + "due by 1600");
    }

    private static void run(int sets, long seedBase, LongFunction<TaskSet> gen) {
        List<String> failures = new ArrayList<>();
        Map<BesideSearch.Part, Integer> answered = new EnumMap<>(BesideSearch.Part.class);
        BruteForceSets.each(sets, seedBase, gen, (seed, ts, reference) -> {
            for (BesideSearch.Part part : BesideSearch.Part.values()) {
                Analysis a = new BesideSearch(ts, Options.defaults()).analyze(part, Options.defaults().budget().start());
                if (a.verdict() == Verdict.INCONCLUSIVE) {
                    continue;
                }
                answered.merge(part, 1, Integer::sum);
                if (a.verdict() != reference) {
                    failures.add("seed " + seed + ": " + part + " says " + a.verdict() + ", brute force " + reference);
                }
                Verdict expected = part == BesideSearch.Part.SWEEPS || part == BesideSearch.Part.READY_SWEEPS
                        ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE;
                if (a.verdict() != expected) {
                    failures.add("seed " + seed + ": " + part + " answered " + a.verdict());
                }
                BruteForceSets.tableAccepted(failures, seed, ts, part.name(), a);
            }
            return failures.size() <= 20;
        });
        assertThat(failures).isEmpty();
        assertThat(answered).as("parts that answered").containsKeys(BesideSearch.Part.SWEEPS,
                BesideSearch.Part.READY_SWEEPS, BesideSearch.Part.RELAXATION);
    }
}
