package org.gpusched.table;

import org.gpusched.RandomPipelines;
import org.gpusched.RandomTaskSets;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The table checker counts kernels per task instead of listing the jobs; on valid tables and on
 * tables broken at random (entries dropped, swapped, shifted, jobs renumbered, items duplicated,
 * tails cut) it must report exactly what its materialised twin ({@link MaterialisedTableChecker})
 * reports, line for line, for one-hyperperiod and power-on tables alike.
 */
class StreamingTableCheckerTest {
    private static final int SETS = 150;

    @Test
    void errors_equal_the_materialised_twin_on_valid_and_broken_tables() {
        int compared = 0;
        int broken = 0;
        for (long seed = 28_600_001; compared < 2 * SETS; seed++) {
            TaskSet ts = seed % 2 == 0 ? RandomTaskSets.generate(seed, 2, 6) : RandomPipelines.generate(seed, 2, 4);
            if (ts.origin() < 0 || ts.jobCount() > 300) {
                continue;
            }
            EdfBaseline.Kind kind = seed % 3 == 0 ? EdfBaseline.Kind.SERIAL : EdfBaseline.Kind.PARALLEL;
            SchedulingTable t = Tables.of(ts, "edf", new EdfBaseline(ts, kind).run().frames());
            broken += compare(ts, t, seed);
            compared++;
        }
        assertThat(broken).as("mutated tables with errors").isGreaterThan(SETS);
    }

    @Test
    void power_on_tables_agree_with_the_twin_too() {
        int compared = 0;
        for (long seed = 28_700_001; compared < SETS / 3; seed++) {
            TaskSet ts = RandomPipelines.generate(seed, 2, 3);
            if (ts.kernelCount() > 16 || !PowerOnExplorer.needed(ts)) {
                continue;
            }
            PowerOnExplorer.Result r = new PowerOnExplorer(ts, Options.defaults().withBudget(50_000, null))
                    .analyze(Options.defaults().withBudget(50_000, null).budget().start());
            if (r.analysis().verdict() != Verdict.SCHEDULABLE) {
                continue;
            }
            compare(ts, Tables.of(r.fileTimeLine(), r.analysis()), seed);
            compared++;
        }
    }

    /** The table as it is and broken once; returns 1 when the broken table has errors. */
    private static int compare(TaskSet ts, SchedulingTable t, long seed) {
        assertThat(TableChecker.check(ts, t)).as("seed " + seed).isEqualTo(MaterialisedTableChecker.check(ts, t));
        SchedulingTable bad = mutate(t, new SplittableRandom(seed));
        List<String> want = MaterialisedTableChecker.check(ts, bad);
        assertThat(TableChecker.check(ts, bad)).as("seed " + seed + " broken").isEqualTo(want);
        return want.isEmpty() ? 0 : 1;
    }

    private static SchedulingTable mutate(SchedulingTable t, SplittableRandom r) {
        List<SchedulingTable.Entry> e = new ArrayList<>(t.entries());
        int i = r.nextInt(e.size());
        int j = r.nextInt(e.size());
        SchedulingTable.Entry a = e.get(i);
        switch (r.nextInt(8)) {
            case 0 -> e.remove(i);
            case 1 -> {
                e.set(i, new SchedulingTable.Entry(a.start(), a.end(), e.get(j).batch()));
                e.set(j, new SchedulingTable.Entry(e.get(j).start(), e.get(j).end(), a.batch()));
            }
            case 2 -> e.set(i, new SchedulingTable.Entry(a.start() + 1, a.end() + 1, a.batch()));
            case 3 -> e.set(i, new SchedulingTable.Entry(a.start(), a.end(), a.batch().stream()
                    .map(x -> new SchedulingTable.Item(x.task(), x.job() + 1 + r.nextInt(3) * 1000, x.stream()))
                    .toList()));
            case 4 -> {
                List<SchedulingTable.Item> more = new ArrayList<>(e.get(j).batch());
                more.add(a.batch().get(0));
                e.set(j, new SchedulingTable.Entry(e.get(j).start(), e.get(j).end(), more));
            }
            case 5 -> e.subList(e.size() / 2, e.size()).clear();
            case 6 -> {
                List<SchedulingTable.Item> back = new ArrayList<>(a.batch());
                java.util.Collections.reverse(back);
                e.set(i, new SchedulingTable.Entry(a.start(), a.end(), back));
            }
            default -> e.set(i, new SchedulingTable.Entry(a.start(), a.end(), List.of()));
        }
        if (e.isEmpty()) {
            e.add(a);
        }
        SchedulingTable.Repeat rep = t.repeat();
        if (rep != null && rep.fromEntry() >= e.size()) {
            rep = new SchedulingTable.Repeat(e.size() - 1, rep.every());
        }
        return new SchedulingTable(t.format(), t.formatVersion(), t.taskSet(), t.timeUnit(), t.hyperperiod(),
                t.method(), t.streams(), e, rep);
    }
}
