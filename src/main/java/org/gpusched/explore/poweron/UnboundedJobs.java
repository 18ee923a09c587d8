package org.gpusched.explore.poweron;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * The unbounded job sequence of a task set released at time 0 of the file's time line: job k of
 * task i arrives at O + k·T, may start (time-triggered rule) at O + J + k·T and is due at
 * O + k·T + D, for every k ≥ 0. Unlike {@link JobModel} nothing ends at the hyperperiod: counts
 * of completed kernels grow without bound, and a power-on search measures them relative to a
 * hyperperiod boundary (so they may be negative: a job released before the boundary still
 * pending after it).
 */
public final class UnboundedJobs {
    /**
     * The per-task and per-unit tables, those of the hyperperiod's jobs (only the counts differ);
     * {@code items[i]} is the kernels of task i released per hyperperiod.
     */
    final JobModel jm;
    final String[] unitName;

    /** @param ts a task set whose offsets are the file's own (see {@link #fileTimeLine}) */
    UnboundedJobs(TaskSet ts) {
        jm = new JobModel(ts);
        unitName = ts.units().stream().map(Unit::name).toArray(String[]::new);
    }

    /**
     * The task set on the file's own time line: the reader takes offsets relative to the steady
     * state's window origin when the set has one ({@link TaskSet#origin()} ≥ 0); this undoes that.
     */
    public static TaskSet fileTimeLine(TaskSet ts) {
        if (ts.origin() == 0) {
            return ts;
        }
        List<Task> tasks = new ArrayList<>();
        for (Task t : ts.tasks()) {
            tasks.add(ts.origin() < 0 ? t : t.withOffset(Math.floorMod(t.offset() + ts.origin(), t.period())));
        }
        return new TaskSet(ts.name(), ts.timeUnit(), ts.gpu(), tasks, ts.interference(), ts.hyperperiod(),
                ts.jobCount(), ts.sha256(), ts.source(), 0, ts.document());
    }

    /** Job of count c of task i (floor division: counts relative to a boundary may be negative). */
    long job(int i, long c) {
        return Math.floorDiv(c, jm.chain[i]);
    }

    int unit(int i, long c) {
        return jm.firstUnit[i] + (int) Math.floorMod(c, jm.chain[i]);
    }

    long readyTime(int i, long c) {
        return jm.start[i] + job(i, c) * jm.period[i];
    }

    long arrival(int i, long c) {
        return jm.offset[i] + job(i, c) * jm.period[i];
    }

    long deadline(int i, long c) {
        return arrival(i, c) + jm.relDeadline[i];
    }

    /** The latest end of a frame running the kernel count c of task i names (less the rest of its chain). */
    long unitDeadline(int i, long c) {
        return deadline(i, c) - jm.tail[unit(i, c)];
    }
}
