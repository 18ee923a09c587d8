package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The random sets the explorer's property tests compare against brute force: the first sets of a
 * generator (null: skipped) with at most 40 kernels, each with the brute-force twin's verdict, which
 * must be decided within its budget.
 */
final class BruteForceSets {
    static final long BUDGET = 2_000_000;
    static final int MAX_KERNELS = 40;

    /** One set and its reference verdict; false stops the walk (enough failures collected). */
    interface Check {
        boolean check(long seed, TaskSet ts, Verdict reference);
    }

    private BruteForceSets() { }

    /** Walks {@code sets} sets from seed {@code seedBase + 1} on; returns how often each reference verdict came. */
    static Map<Verdict, Integer> each(int sets, long seedBase, LongFunction<TaskSet> gen, Check check) {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int compared = 0;
        for (long seed = seedBase + 1; compared < sets; seed++) {
            TaskSet ts = gen.apply(seed);
            if (ts == null || ts.kernelCount() > MAX_KERNELS) {
                continue;
            }
            compared++;
            Verdict reference = new BruteForceExplorer(ts, Budget.of(BUDGET, null)).analyze().verdict();
            assertThat(reference).as("brute force budget on seed %d", seed).isNotEqualTo(Verdict.INCONCLUSIVE);
            seen.merge(reference, 1, Integer::sum);
            if (!check.check(seed, ts, reference)) {
                break;
            }
        }
        return seen;
    }

    /** Adds a failure when a schedulable analysis's table is one the table checker rejects. */
    static void tableAccepted(List<String> failures, long seed, TaskSet ts, String name, Analysis a) {
        if (a.verdict() == Verdict.SCHEDULABLE) {
            List<String> errors = TableChecker.check(ts, Tables.of(ts, name, a.schedule()));
            if (!errors.isEmpty()) {
                failures.add("seed " + seed + ": table rejected: " + errors);
            }
        }
    }
}
