package org.gpusched.interop;

import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;

/**
 * The PBS job set of one hyperperiod as the job CSV of the schedule-abstraction-graph tool nptest
 * (columns Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority). IDs
 * count from 1 (task in input order, job in release order); arrival min = max = the release, cost
 * min = max = the WCET (what edf-serial simulates); the priority is the absolute deadline, which is
 * how nptest expresses EDF (smaller = more urgent).
 */
public final class SagJobs {
    public static final String HEADER = "Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority";

    private SagJobs() { }

    public static String write(TaskSet ts) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Job j : ts.jobs()) {
            long[] row = {j.task() + 1L, j.index() + 1L, j.arrival(), j.arrival(), j.wcet(), j.wcet(), j.deadline(),
                    j.deadline()};
            for (int i = 0; i < row.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(row[i]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
