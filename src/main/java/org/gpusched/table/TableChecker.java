package org.gpusched.table;

import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates a scheduling table against its task set, independently of the explorer: every job
 * exactly once and in release order per task, each batch eligible in its submission order,
 * frame ends from the interference model, frames back to back from the first arrival, deadlines
 * met at frame end, and no frame start delayed while a job was ready (PBS is work-conserving).
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
        if (table.hyperperiod() != ts.hyperperiod()) {
            errors.add("hyperperiod " + table.hyperperiod() + " differs from the task set's " + ts.hyperperiod());
        }
        Map<String, Integer> index = new HashMap<>();
        ts.tasks().forEach(t -> index.put(t.name(), t.index()));
        List<Job> all = ts.jobs();
        Map<String, Job> byLabel = new HashMap<>();
        all.forEach(j -> byLabel.put(j.task() + "#" + j.index(), j));
        Set<Job> done = new HashSet<>();
        int[] nextOfTask = new int[ts.size()];
        Oracle oracle = new Oracle(ts);
        long prevEnd = -1;
        int pending = 0;
        for (int e = 0; e < table.entries().size(); e++) {
            SchedulingTable.Entry entry = table.entries().get(e);
            String where = "entry " + e + " (start " + entry.start() + ")";
            // Jobs only ever become done, so the first pending one in arrival order only moves forward:
            // one pass over the jobs in all, not one per entry (tables of 100,000 jobs are checked too).
            while (pending < all.size() && done.contains(all.get(pending))) {
                pending++;
            }
            long expectedStart = expectedStart(pending < all.size() ? all.get(pending).arrival() : Long.MAX_VALUE,
                    prevEnd);
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
            List<Job> batch = new ArrayList<>();
            long mask = 0;
            int[] order = new int[entry.batch().size()];
            for (int p = 0; p < entry.batch().size(); p++) {
                SchedulingTable.Item it = entry.batch().get(p);
                Integer ti = index.get(it.task());
                if (ti == null) {
                    errors.add(where + ": unknown task " + it.task());
                    continue;
                }
                order[p] = ti;
                if (it.stream() != ti) {
                    errors.add(where + ": " + it.task() + " must use stream " + ti + " (got " + it.stream() + ")");
                }
                if ((mask & (1L << ti)) != 0) {
                    errors.add(where + ": two jobs of " + it.task() + " in one batch");
                }
                mask |= 1L << ti;
                Job j = byLabel.get(ti + "#" + it.job());
                if (j == null) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is not a job of the hyperperiod");
                    continue;
                }
                if (!done.add(j)) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs twice");
                }
                if (it.job() != nextOfTask[ti]) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " runs before " + it.task() + "#"
                            + nextOfTask[ti] + " (jobs of a task run in release order)");
                }
                nextOfTask[ti] = Math.max(nextOfTask[ti], it.job() + 1);
                if (j.arrival() > entry.start()) {
                    errors.add(where + ": " + it.task() + "#" + it.job() + " is released only at " + j.arrival());
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
            for (Job j : batch) {
                if (entry.end() > j.deadline()) {
                    errors.add(where + ": " + ts.task(j.task()).name() + "#" + j.index() + " misses its deadline "
                            + j.deadline() + " (frame ends at " + entry.end() + ")");
                }
            }
            prevEnd = entry.end();
        }
        for (Job j : all) {
            if (!done.contains(j)) {
                errors.add("job " + ts.task(j.task()).name() + "#" + j.index() + " never runs");
            }
        }
        return errors;
    }

    /** @param firstPending the earliest arrival of a job not run yet, or Long.MAX_VALUE when none is left */
    private static long expectedStart(long firstPending, long prevEnd) {
        if (prevEnd < 0) {
            return firstPending == Long.MAX_VALUE ? 0 : firstPending;
        }
        return firstPending <= prevEnd || firstPending == Long.MAX_VALUE ? prevEnd : firstPending;
    }
}
