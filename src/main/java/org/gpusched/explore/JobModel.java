package org.gpusched.explore;

import org.gpusched.model.TaskSet;

/**
 * The jobs of one hyperperiod in the explorer's terms: a state's executed set is a count of
 * completed jobs per task (jobs of a task run in release order, one stream per task).
 */
public final class JobModel {
    final int n;
    final long[] period;
    final long[] deadline;
    final long[] wcet;
    final int[] jobs;
    final int totalJobs;
    final long hyperperiod;

    public JobModel(TaskSet ts) {
        n = ts.size();
        period = new long[n];
        deadline = new long[n];
        wcet = new long[n];
        jobs = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            period[i] = ts.task(i).period();
            deadline[i] = ts.task(i).deadline();
            wcet[i] = ts.task(i).wcet();
            jobs[i] = ts.jobsOf(i);
            total += jobs[i];
        }
        totalJobs = total;
        hyperperiod = ts.hyperperiod();
    }

    public long arrival(int task, int job) {
        return job * period[task];
    }

    public long deadline(int task, int job) {
        return job * period[task] + deadline[task];
    }

    /** Tasks whose next job has arrived by {@code t}. */
    long readyAt(int[] counts, long t) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < jobs[i] && counts[i] * period[i] <= t) {
                r |= 1L << i;
            }
        }
        return r;
    }

    /** Earliest release of a next job not in {@code ready} (the next time the ready set can grow). */
    long nextReleaseOutside(int[] counts, long ready) {
        long a = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if ((ready & (1L << i)) == 0 && counts[i] < jobs[i]) {
                a = Math.min(a, counts[i] * period[i]);
            }
        }
        return a;
    }

    /** Earliest arrival of a job not yet completed, or Long.MAX_VALUE when all are done. */
    long nextArrival(int[] counts) {
        long a = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (counts[i] < jobs[i]) {
                a = Math.min(a, counts[i] * period[i]);
            }
        }
        return a;
    }

    /** Latest start time at which every ready job can still finish alone (the dead-state rule). */
    long latestLiveStart(int[] counts, long ready) {
        long limit = Long.MAX_VALUE;
        for (long b = ready; b != 0; b &= b - 1) {
            int i = Long.numberOfTrailingZeros(b);
            limit = Math.min(limit, deadline(i, counts[i]) - wcet[i]);
        }
        return limit;
    }

    /** Earliest absolute deadline among the next jobs of the tasks in {@code mask}. */
    long minDeadline(int[] counts, long mask) {
        long d = Long.MAX_VALUE;
        for (long b = mask; b != 0; b &= b - 1) {
            int i = Long.numberOfTrailingZeros(b);
            d = Math.min(d, deadline(i, counts[i]));
        }
        return d;
    }
}
