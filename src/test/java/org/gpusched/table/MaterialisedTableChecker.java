package org.gpusched.table;

import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The twin of {@link TableChecker} as it was before it stopped listing the jobs: every kernel of
 * every job in a list, a map from labels and a set of those run. The streaming checker must give
 * the same errors in the same order.
 */
final class MaterialisedTableChecker {
    private MaterialisedTableChecker() { }

    /** Every violation found, in table order; empty when the table is a valid PBS schedule. */
    public static List<String> check(TaskSet ts, SchedulingTable table) {
        List<String> errors = new ArrayList<>();
        if (table.taskSet().sha256() == null) {
            errors.add("table has no task-set hash (taskSet.sha256 is null), so nothing binds it to this task set");
        } else if (!ts.sha256().equals(table.taskSet().sha256())) {
            errors.add("table was computed for another task set (sha256 " + table.taskSet().sha256() + ", this one "
                    + ts.sha256() + ")");
        }
        List<String> names = ts.tasks().stream().map(org.gpusched.model.Task::name).toList();
        if (!table.streams().equals(names)) {
            errors.add("streams " + quoted(table.streams()) + " differ from the task set's tasks " + quoted(names)
                    + " (stream i belongs to task i)");
        }
        if (table.hyperperiod() != ts.hyperperiod()) {
            errors.add("hyperperiod " + table.hyperperiod() + " differs from the task set's " + ts.hyperperiod());
        }
        if (table.repeat() != null) {
            MaterialisedPeriodicCheck.check(ts, table, errors);
            return errors;
        }
        if (ts.origin() < 0) {
            errors.add("a table of one hyperperiod needs a steady-state window, and this task set has none (every"
                    + " instant lies inside some job's window): only a power-on table (version 2) can schedule it");
            return errors;
        }
        Set<Kernel> done = run(ts, table.entries(), kernels(ts, ts.jobs()), errors);
        for (Kernel j : kernels(ts, ts.jobs())) {
            if (!done.contains(j)) {
                errors.add("job " + j.unit().name() + "#" + j.job().index() + " never runs");
            }
        }
        return errors;
    }

    /**
     * Applies the frame rules to {@code entries} in order, the kernels of {@code all} being every
     * job that may appear; adds each violation to {@code errors}; returns the kernels run.
     */
    static Set<Kernel> run(TaskSet ts, List<SchedulingTable.Entry> entries, List<Kernel> all, List<String> errors) {
        // Entries name units: the task for a task of one kernel, task.kernel for a chain's kernel.
        Map<String, Unit> units = new HashMap<>();
        ts.units().forEach(u -> units.put(u.name(), u));
        Map<String, Kernel> byLabel = new HashMap<>();
        all.forEach(k -> byLabel.put(k.unit().index() + "#" + k.job().index(), k));
        Set<Kernel> done = new HashSet<>();
        int[] nextOfTask = new int[ts.size()];
        Oracle oracle = new Oracle(ts);
        long prevEnd = -1;
        int pending = 0;
        for (int e = 0; e < entries.size(); e++) {
            SchedulingTable.Entry entry = entries.get(e);
            String where = "entry " + e + " (start " + entry.start() + ")";
            // Kernels only ever become done, so the first pending one in release order only moves forward:
            // one pass over them all, not one per entry (tables of 100,000 jobs are checked too).
            while (pending < all.size() && done.contains(all.get(pending))) {
                pending++;
            }
            long expectedStart = expectedStart(pending < all.size() ? all.get(pending).job().release()
                    : Long.MAX_VALUE, prevEnd);
            if (entry.start() != expectedStart) {
                errors.add(where + ": should start at " + expectedStart
                        + (prevEnd < 0 ? " (the first arrival)" : " (frames are back to back; PBS does not idle "
                        + "while a job is ready, and skips idle time to the next arrival)"));
            }
            if (entry.batch().isEmpty()) {
                errors.add(where + ": empty batch");
                prevEnd = entry.end();
                continue;
            }
            List<Kernel> batch = new ArrayList<>();
            long mask = 0;
            long tasks = 0;
            int[] order = new int[entry.batch().size()];
            for (int p = 0; p < entry.batch().size(); p++) {
                SchedulingTable.Item it = entry.batch().get(p);
                Unit u = units.get(it.task());
                if (u == null) {
                    errors.add(where + ": unknown task " + it.task());
                    continue;
                }
                int ti = u.task();
                order[p] = u.index();
                if (it.stream() != ti) {
                    errors.add(where + ": " + it.task() + " must use stream " + ti + " (got " + it.stream() + ")");
                }
                if ((tasks & (1L << ti)) != 0) {
                    errors.add(where + ": two jobs of " + ts.task(ti).name() + " in one batch");
                }
                tasks |= 1L << ti;
                mask |= 1L << u.index();
                Kernel j = byLabel.get(u.index() + "#" + it.job());
                if (j == null) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is not a job of the hyperperiod");
                    continue;
                }
                if (!done.add(j)) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs twice");
                }
                int k = ts.task(ti).kernels();
                int seq = it.job() * k + u.stage();
                if (seq != nextOfTask[ti]) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs before " + label(ts, ti,
                            nextOfTask[ti]) + (k == 1 ? " (jobs of a task run in release order)"
                            : " (jobs of a task run in release order, a job's kernels in chain order)"));
                }
                nextOfTask[ti] = Math.max(nextOfTask[ti], seq + 1);
                if (j.job().release() > entry.start()) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is released only at " + j.job().release()
                            + (j.job().release() > j.job().arrival() ? " (arrival " + j.job().arrival()
                            + " plus release jitter: a table may start it only then)" : ""));
                }
                batch.add(j);
            }
            if (batch.size() == entry.batch().size()) {
                Placement pl = oracle.place(order);
                if (!pl.eligible()) {
                    errors.add(where + ": batch not eligible in this order: " + pl.reason());
                }
                long c = oracle.completion(mask);
                long expectedEnd = Ticks.add(entry.start(), c);
                if (c != CompletionModel.FORBIDDEN && entry.end() != expectedEnd) {
                    errors.add(where + ": should end at " + expectedEnd + " (completion " + c + "), not "
                            + entry.end());
                }
            }
            for (Kernel j : batch) {
                // The job's deadline binds its last kernel.
                if (j.unit().last() && entry.end() > j.job().deadline()) {
                    errors.add(where + ": " + j.unit().name() + "#" + j.job().index() + " misses its deadline "
                            + j.job().deadline() + " (frame ends at " + entry.end() + ")");
                }
            }
            prevEnd = entry.end();
        }
        return done;
    }

    /** One kernel of one job. */
    record Kernel(Job job, Unit unit) { }

    /** Every kernel of every job of {@code jobs}, ordered by the job's release, then task, job and kernel. */
    static List<Kernel> kernels(TaskSet ts, List<Job> jobs) {
        List<Unit> units = ts.units();
        int[] first = new int[ts.size()];
        for (int u = units.size() - 1; u >= 0; u--) {
            first[units.get(u).task()] = u;
        }
        List<Kernel> out = new ArrayList<>();
        for (Job j : jobs) {
            for (int s = 0; s < ts.task(j.task()).kernels(); s++) {
                out.add(new Kernel(j, units.get(first[j.task()] + s)));
            }
        }
        out.sort(Comparator.comparingLong((Kernel k) -> k.job().release()).thenComparingLong(k -> k.job().arrival())
                .thenComparingInt(k -> k.job().task()).thenComparingInt(k -> k.job().index())
                .thenComparingInt(k -> k.unit().stage()));
        return out;
    }

    /** The name of kernel number {@code seq} of task i (job seq / K, kernel seq % K). */
    private static String label(TaskSet ts, int i, int seq) {
        int k = ts.task(i).kernels();
        Unit u = ts.units().stream().filter(x -> x.task() == i && x.stage() == seq % k).findFirst().orElseThrow();
        return u.name() + "#" + seq / k;
    }

    /** @param firstPending the earliest arrival of a job not run yet, or Long.MAX_VALUE when none is left */
    private static long expectedStart(long firstPending, long prevEnd) {
        if (prevEnd < 0) {
            return firstPending == Long.MAX_VALUE ? 0 : firstPending;
        }
        return firstPending <= prevEnd || firstPending == Long.MAX_VALUE ? prevEnd : firstPending;
    }

    /** Names for an error line, escaped (a table is user input) and at most 10 of them. */
    private static String quoted(List<String> names) {
        List<String> shown = names.stream().limit(10).map(n -> "\"" + org.gpusched.model.Escapes.text(n) + "\"").toList();
        return "[" + String.join(", ", shown) + (names.size() > 10 ? ", ... (" + names.size() + ")" : "") + "]";
    }
}
