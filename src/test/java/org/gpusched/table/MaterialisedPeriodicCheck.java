package org.gpusched.table;

import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.model.Job;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The twin of {@link PeriodicCheck} over {@link MaterialisedTableChecker}: the jobs of two turns listed. */
final class MaterialisedPeriodicCheck {
    private MaterialisedPeriodicCheck() { }

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
        List<Job> jobs = new ArrayList<>();
        for (Task t : ts.tasks()) {
            for (int k = 0; t.arrival(k) < horizon; k++) {
                jobs.add(new Job(t.index(), k, t.arrival(k), t.absoluteDeadline(k), t.wcet(), t.release(k)));
            }
        }
        List<MaterialisedTableChecker.Kernel> all = MaterialisedTableChecker.kernels(ts, jobs);
        Set<MaterialisedTableChecker.Kernel> done = MaterialisedTableChecker.run(ts, unrolled, all, errors);
        for (MaterialisedTableChecker.Kernel k : all) {
            if (k.job().deadline() <= horizon && !done.contains(k)) {
                errors.add("job " + k.unit().name() + "#" + k.job().index() + " (deadline " + k.job().deadline()
                        + ") never runs in the prefix and two turns of the periodic part");
            }
        }
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
