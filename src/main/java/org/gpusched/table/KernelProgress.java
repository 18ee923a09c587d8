package org.gpusched.table;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Which kernels a table has run so far, without a list of the jobs: kernel s of job k of a task is
 * its number k·K + s (K kernels per job), and per task only the length of the run of kernels done
 * from 0 is kept, with the few done out of order beyond it (a table that runs them in release
 * order keeps none). Jobs 0 .. jobs[i] − 1 of task i exist. Memory is per task, not per job.
 */
final class KernelProgress {
    private final TaskSet ts;
    private final long[] jobs;
    private final long[] frontier;
    private final List<TreeSet<Long>> ahead;
    private final int[] firstUnit;

    /** @param jobs per task, how many jobs (from job 0) the table must run */
    KernelProgress(TaskSet ts, long[] jobs) {
        this.ts = ts;
        this.jobs = jobs.clone();
        frontier = new long[ts.size()];
        firstUnit = new int[ts.size()];
        ahead = Stream.generate(TreeSet<Long>::new).limit(ts.size()).toList();
        List<Unit> units = ts.units();
        for (int u = units.size() - 1; u >= 0; u--) {
            firstUnit[units.get(u).task()] = u;
        }
    }

    /** The jobs of one hyperperiod: H / T per task. */
    static KernelProgress hyperperiod(TaskSet ts) {
        return new KernelProgress(ts, IntStream.range(0, ts.size()).mapToLong(ts::jobsOf).toArray());
    }

    /** Every job that arrives before {@code horizon}. */
    static KernelProgress arrivingBefore(TaskSet ts, long horizon) {
        long[] jobs = new long[ts.size()];
        for (Task t : ts.tasks()) {
            long a0 = t.arrival(0);
            jobs[t.index()] = a0 >= horizon ? 0 : (horizon - a0 + t.period() - 1) / t.period();
        }
        return new KernelProgress(ts, jobs);
    }

    boolean exists(int task, long job) {
        return job < jobs[task];
    }

    /** Marks kernel {@code seq} of the task done; false when it already was. */
    boolean add(int task, long seq) {
        if (seq < frontier[task] || !ahead.get(task).add(seq)) {
            return false;
        }
        TreeSet<Long> a = ahead.get(task);
        while (!a.isEmpty() && a.first() == frontier[task]) {
            a.pollFirst();
            frontier[task]++;
        }
        return true;
    }

    private long kernels(int task) {
        return jobs[task] * ts.task(task).kernels();
    }

    /** The release of the first kernel not run yet (release order), or Long.MAX_VALUE when all have run. */
    long firstPendingRelease() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < ts.size(); i++) {
            if (frontier[i] < kernels(i)) {
                min = Math.min(min, ts.task(i).release(frontier[i] / ts.task(i).kernels()));
            }
        }
        return min;
    }

    /**
     * Every kernel not run, ordered by its job's release, then arrival, task, job and kernel: a
     * merge of one cursor per task, each walking that task's kernels in number order.
     */
    void eachNotRun(BiConsumer<Unit, Long> out) {
        List<Unit> units = ts.units();
        // {release, arrival, task, seq}
        PriorityQueue<long[]> q = new PriorityQueue<>(Arrays::compare);
        for (int i = 0; i < ts.size(); i++) {
            long s = nextNotRun(i, frontier[i]);
            if (s >= 0) {
                q.add(cursor(i, s));
            }
        }
        while (!q.isEmpty()) {
            long[] c = q.poll();
            int i = (int) c[2];
            int k = ts.task(i).kernels();
            out.accept(units.get(firstUnit[i] + (int) (c[3] % k)), c[3] / k);
            long s = nextNotRun(i, c[3] + 1);
            if (s >= 0) {
                q.add(cursor(i, s));
            }
        }
    }

    private long[] cursor(int task, long seq) {
        Task t = ts.task(task);
        long job = seq / t.kernels();
        return new long[] {t.release(job), t.arrival(job), task, seq};
    }

    /** The first kernel number from {@code from} on that has not run, or -1. */
    private long nextNotRun(int task, long from) {
        long s = from;
        TreeSet<Long> a = ahead.get(task);
        while (s < kernels(task) && a.contains(s)) {
            s++;
        }
        return s < kernels(task) ? s : -1;
    }
}
