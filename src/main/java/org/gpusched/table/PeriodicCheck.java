package org.gpusched.table;

import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates a power-on table (version 2): the prefix from 0, then the periodic part twice, are
 * checked frame by frame as one table on the file's time line, with the rules of
 * {@link TableChecker}; and one turn of the periodic part must run, per task, exactly the
 * kernels released in one turn (every/T jobs). Then the state (time relative to the turn, kernels
 * completed less those released) is the same at the start of both turns, every rule is invariant
 * under a shift by a multiple of H, and so every later turn is valid as well: the table is a
 * valid infinite PBS schedule from power-on. The second turn is what checks the seam.
 */
final class PeriodicCheck {
    private PeriodicCheck() { }

    static void check(TaskSet given, SchedulingTable table, List<String> errors) {
        TaskSet ts = UnboundedJobs.fileTimeLine(given);
        SchedulingTable.Repeat r = table.repeat();
        long h = ts.hyperperiod();
        if (r.every() % h != 0) {
            errors.add("repeat.every " + r.every() + " is not a multiple of the hyperperiod " + h);
            return;
        }
        List<SchedulingTable.Entry> entries = table.entries();
        List<SchedulingTable.Entry> periodic = entries.subList(r.fromEntry(), entries.size());
        long from = periodic.get(0).start();
        long lastStart = periodic.get(periodic.size() - 1).start();
        if (lastStart >= from + r.every()) {
            errors.add("entry " + (entries.size() - 1) + " (start " + lastStart + "): the periodic part from "
                    + from + " must start all its frames within one turn of " + r.every());
            return;
        }
        Map<String, Unit> units = new HashMap<>();
        ts.units().forEach(u -> units.put(u.name(), u));
        List<SchedulingTable.Entry> unrolled = Tables.unroll(table, ts, 2);
        long horizon = from + 2 * r.every();
        KernelProgress done = KernelProgress.arrivingBefore(ts, horizon);
        TableChecker.run(ts, unrolled, done, errors);
        TableChecker.neverRun(done, errors, (u, job) -> ts.task(u.task()).absoluteDeadline(job) <= horizon,
                (u, job) -> "job " + u.name() + "#" + job + " (deadline " + ts.task(u.task()).absoluteDeadline(job)
                        + ") never runs in the prefix and two turns of the periodic part");
        long[] perTurn = new long[ts.size()];
        for (SchedulingTable.Entry e : periodic) {
            for (SchedulingTable.Item it : e.batch()) {
                Unit u = units.get(it.task());
                if (u != null) {
                    perTurn[u.task()]++;
                }
            }
        }
        for (Task t : ts.tasks()) {
            long released = r.every() / t.period() * t.kernels();
            if (perTurn[t.index()] != released) {
                errors.add("the periodic part runs " + perTurn[t.index()] + " kernel(s) of " + t.name() + " per turn,"
                        + " but " + released + " are released in each turn of " + r.every());
            }
        }
    }
}
