package org.gpusched.table;

import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

/**
 * Validates a scheduling table against its task set, independently of the explorer: every kernel
 * of every job exactly once, in release order per task and chain order per job, none before its
 * job's release (arrival plus jitter), each batch eligible in its submission order, frame ends
 * from the interference model, frames back to back from the first release, deadlines met at the
 * end of the frame running a job's last kernel, and no frame start delayed while a kernel was
 * ready (PBS is work-conserving). The jobs are never listed: which exist and which have run is
 * counted per task ({@link KernelProgress}), so checking needs memory for the table, not the jobs.
 */
public final class TableChecker {
    private TableChecker() { }

    /** Every violation found, in table order; empty when the table is a valid PBS schedule. */
    public static List<String> check(TaskSet ts, SchedulingTable table) {
        List<String> errors = new ArrayList<>();
        if (table.taskSet().sha256() == null) {
            errors.add("table has no task-set hash (taskSet.sha256 is null), so nothing binds it to this task set");
        } else if (!ts.sha256().equals(table.taskSet().sha256())) {
            errors.add("table was computed for another task set (sha256 " + table.taskSet().sha256() + ", this one "
                    + ts.sha256() + ")");
        }
        List<String> names = ts.tasks().stream().map(Task::name).toList();
        if (!table.streams().equals(names)) {
            errors.add("streams " + quoted(table.streams()) + " differ from the task set's tasks " + quoted(names)
                    + " (stream i belongs to task i)");
        }
        if (table.hyperperiod() != ts.hyperperiod()) {
            errors.add("hyperperiod " + table.hyperperiod() + " differs from the task set's " + ts.hyperperiod());
        }
        if (table.repeat() != null) {
            PeriodicCheck.check(ts, table, errors);
            return errors;
        }
        if (ts.origin() < 0) {
            errors.add("a table of one hyperperiod needs a steady-state window, and this task set has none (every"
                    + " instant lies inside some job's window): only a power-on table (version 2) can schedule it");
            return errors;
        }
        KernelProgress done = KernelProgress.hyperperiod(ts);
        run(ts, table.entries(), done, errors);
        neverRun(done, errors, (u, job) -> true, (u, job) -> "job " + u.name() + "#" + job + " never runs");
        return errors;
    }

    /** At most this many "never runs" lines are listed; one more line counts the rest. */
    static final int NEVER_RUN_LISTED = TaskSet.MAX_JOBS;

    /** One line per kernel not run that {@code counts}, in release order, at most {@link #NEVER_RUN_LISTED}. */
    static void neverRun(KernelProgress done, List<String> errors, BiPredicate<Unit, Long> counts,
                         BiFunction<Unit, Long, String> line) {
        long[] more = new long[1];
        int[] listed = new int[1];
        done.eachNotRun((u, job) -> {
            if (!counts.test(u, job)) {
                return;
            }
            if (listed[0] < NEVER_RUN_LISTED) {
                errors.add(line.apply(u, job));
                listed[0]++;
            } else {
                more[0]++;
            }
        });
        if (more[0] > 0) {
            errors.add("... and " + more[0] + " more kernels never run");
        }
    }

    /**
     * Applies the frame rules to {@code entries} in order, the jobs that may appear being those of
     * {@code done}; adds each violation to {@code errors} and marks in {@code done} the kernels run.
     */
    static void run(TaskSet ts, List<SchedulingTable.Entry> entries, KernelProgress done, List<String> errors) {
        // Entries name units: the task for a task of one kernel, task.kernel for a chain's kernel.
        Map<String, Unit> units = ts.units().stream().collect(Collectors.toMap(Unit::name, u -> u, (a, b) -> b));
        int[] nextOfTask = new int[ts.size()];
        Oracle oracle = new Oracle(ts);
        long prevEnd = -1;
        for (int e = 0; e < entries.size(); e++) {
            SchedulingTable.Entry entry = entries.get(e);
            String where = "entry " + e + " (start " + entry.start() + ")";
            // The first kernel not run in release order is per task the first of its unbroken run: O(tasks).
            long expectedStart = expectedStart(done.firstPendingRelease(), prevEnd);
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
            List<Unit> batchUnits = new ArrayList<>();
            List<Integer> batchJobs = new ArrayList<>();
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
                if (!done.exists(ti, it.job())) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is not a job of the hyperperiod");
                    continue;
                }
                int k = ts.task(ti).kernels();
                if (!done.add(ti, (long) it.job() * k + u.stage())) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs twice");
                }
                int seq = it.job() * k + u.stage();
                if (seq != nextOfTask[ti]) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs before " + label(ts, ti,
                            nextOfTask[ti]) + (k == 1 ? " (jobs of a task run in release order)"
                            : " (jobs of a task run in release order, a job's kernels in chain order)"));
                }
                nextOfTask[ti] = Math.max(nextOfTask[ti], seq + 1);
                long release = ts.task(ti).release(it.job());
                long arrival = ts.task(ti).arrival(it.job());
                if (release > entry.start()) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is released only at " + release
                            + (release > arrival ? " (arrival " + arrival
                            + " plus release jitter: a table may start it only then)" : ""));
                }
                batchUnits.add(u);
                batchJobs.add(it.job());
            }
            if (batchUnits.size() == entry.batch().size()) {
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
            for (int b = 0; b < batchUnits.size(); b++) {
                Unit u = batchUnits.get(b);
                long deadline = ts.task(u.task()).absoluteDeadline(batchJobs.get(b));
                // The job's deadline binds its last kernel.
                if (u.last() && entry.end() > deadline) {
                    errors.add(where + ": " + u.name() + "#" + batchJobs.get(b) + " misses its deadline "
                            + deadline + " (frame ends at " + entry.end() + ")");
                }
            }
            prevEnd = entry.end();
        }
    }

    /** The name of kernel number {@code seq} of task i (job seq / K, kernel seq % K). */
    private static String label(TaskSet ts, int i, int seq) {
        int k = ts.task(i).kernels();
        return ts.unitName(i, seq % k) + "#" + seq / k;
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
        List<String> shown = names.stream().limit(10).map(n -> "\"" + Escapes.text(n) + "\"").toList();
        return "[" + String.join(", ", shown) + (names.size() > 10 ? ", ... (" + names.size() + ")" : "") + "]";
    }
}
