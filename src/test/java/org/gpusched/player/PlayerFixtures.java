package org.gpusched.player;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.Tables;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Task sets and tables the player tests share. */
public final class PlayerFixtures {
    public static final Path PAPER = Path.of("examples/paper-fig1.json");

    private PlayerFixtures() { }

    public static TaskSet paper() {
        return new TaskSetReader().read(PAPER);
    }

    /** The GPUSched table of a schedulable task set (fails the test otherwise). */
    public static SchedulingTable table(TaskSet ts) {
        Analysis a = new GpuSchedExplorer(ts, Options.defaults().withGreedyFirst(false)).analyze();
        if (a.verdict() != Verdict.SCHEDULABLE) {
            throw new IllegalArgumentException(ts.displayName() + " is " + a.verdict());
        }
        return Tables.of(ts, a.method(), a.schedule());
    }

    /** The same table with every frame moved {@code by} ticks later: a broken schedule. */
    public static SchedulingTable shifted(SchedulingTable t, long by) {
        List<SchedulingTable.Entry> es = new ArrayList<>();
        for (SchedulingTable.Entry e : t.entries()) {
            es.add(new SchedulingTable.Entry(e.start() + by, e.end() + by, e.batch()));
        }
        return new SchedulingTable(t.format(), t.formatVersion(), t.taskSet(), t.timeUnit(), t.hyperperiod(),
                t.method(), t.streams(), es);
    }

    /**
     * A random small task set (2 to 4 tasks, harmonic-ish periods, slowdown interference) as
     * task-set JSON; seeded, so a failure names the seed that reproduces it.
     */
    public static String randomTaskSet(long seed) {
        Random r = new Random(seed);
        long[] periods = {4, 5, 8, 10, 20};
        int n = 2 + r.nextInt(3);
        StringBuilder tasks = new StringBuilder();
        StringBuilder factors = new StringBuilder();
        for (int i = 0; i < n; i++) {
            long p = periods[r.nextInt(periods.length)];
            long c = 1 + r.nextInt((int) Math.max(1, p / n));
            long d = p - r.nextInt((int) Math.max(1, p / 4));
            tasks.append(i == 0 ? "" : ",").append(String.format(
                    "{\"name\":\"t%d\",\"period\":%d,\"deadline\":%d,\"wcet\":%d}", i, p, Math.max(d, c), c));
            factors.append(i == 0 ? "" : ",").append(String.format("\"t%d\":1.%d", i, r.nextInt(10)));
        }
        return "{\"formatVersion\":1,\"name\":\"random-" + seed + "\",\"tasks\":[" + tasks
                + "],\"interference\":{\"model\":\"slowdown\",\"factors\":{" + factors + "}}}";
    }
}
