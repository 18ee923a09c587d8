package org.gpusched.explore.bound;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;

/**
 * The demand bound's refutation recomputed from the task set alone, apart from the code that
 * found it (no job model, no due table, no clique or area rules): the jobs it names as due by D
 * are counted again from each task's offset, period and deadline, and the frame length it claims
 * those jobs need must exceed the interval [from, D] yet stay within what running their kernels
 * one after another takes (every bound on the least total frame length is at most that: each
 * rule charges a kernel at most its wcet). A refutation that fails any of these is a bug.
 */
public final class DemandCheck {
    private DemandCheck() { }

    /**
     * Null when the refutation recomputes, else what failed.
     *
     * @param from  the first release, where the first frame starts
     * @param d     the deadline by which the named jobs cannot fit
     * @param jobs  per task, the jobs the demand bound counted as due by d
     * @param need  the least total frame length it claims those jobs need
     */
    public static String failure(TaskSet ts, long from, long d, long[] jobs, long need) {
        long first = Long.MAX_VALUE;
        long serial = 0;
        for (int i = 0; i < ts.size(); i++) {
            Task t = ts.task(i);
            first = Math.min(first, t.offset() + t.jitter());
            long due = 0;
            for (int k = 0; k < ts.jobsOf(i); k++) {
                if (t.offset() + k * t.period() + t.deadline() <= d) {
                    due++;
                }
            }
            if (due != jobs[i]) {
                return "task " + t.name() + " has " + due + " jobs due by " + d + ", the demand bound counted "
                        + jobs[i];
            }
            serial = Ticks.add(serial, Ticks.mul(due, t.wcet()));
        }
        if (from != first) {
            return "the interval starts at " + from + ", the first release is at " + first;
        }
        if (need <= d - from) {
            return "a demand of " + need + " fits the " + (d - from) + " from " + from + " to " + d;
        }
        if (need > serial) {
            return "a demand of " + need + " exceeds the " + serial + " the due jobs' kernels take one after another";
        }
        return null;
    }
}
