package org.gpusched.explore.job;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.List;

/**
 * The jobs of one hyperperiod in the explorer's terms. A state's executed set is a count of
 * completed kernels per task: a task's jobs run in release order and a job's kernels in chain
 * order (one stream per task), so count c means job c / K done up to kernel c % K. Ready sets
 * and batches are masks over units (kernels, {@link TaskSet#units()}); each task contributes at
 * most its next kernel. Without chains a unit is a task and a count a number of jobs.
 */
public final class JobModel {
    /** Tasks. */
    public final int n;
    /** Units (kernels over all chains). */
    public final int units;
    public final long[] period;
    /** Relative deadline D of each task. */
    public final long[] relDeadline;
    /** Offset + jitter of each task: job k may start at start[i] + k·T. */
    public final long[] start;
    public final long[] offset;
    /** Kernels per job of each task (1 without chains). */
    public final int[] chain;
    /** Unit index of each task's first kernel. */
    public final int[] firstUnit;
    /** Kernels of each task in the hyperperiod (jobs times chain length). */
    public final int[] items;
    /** Per unit: its task, its isolated wcet, the summed wcet of the kernels after it, last of its chain. */
    public final int[] taskOf;
    public final long[] wcet;
    public final long[] tail;
    public final boolean[] last;
    /** Kernels of the hyperperiod: the depth of a complete path. */
    public final int totalKernels;
    public final long hyperperiod;
    /** Interchangeable tasks and settled states (used under {@link MergeLevel#CANONICAL}). */
    public final Learning learning;

    public JobModel(TaskSet ts) {
        this(ts, Learning.Mutation.NONE);
    }

    /** For the mutation checks: a job model whose learning rules are deliberately wrong. */
    public JobModel(TaskSet ts, Learning.Mutation mutation) {
        n = ts.size();
        List<Unit> us = ts.units();
        units = us.size();
        period = new long[n];
        relDeadline = new long[n];
        start = new long[n];
        offset = new long[n];
        chain = new int[n];
        firstUnit = new int[n];
        items = new int[n];
        int total = 0;
        int u = 0;
        for (int i = 0; i < n; i++) {
            Task t = ts.task(i);
            period[i] = t.period();
            relDeadline[i] = t.deadline();
            offset[i] = t.offset();
            start[i] = t.offset() + t.jitter();
            chain[i] = t.kernels();
            firstUnit[i] = u;
            u += t.kernels();
            items[i] = ts.jobsOf(i) * t.kernels();
            total += items[i];
        }
        taskOf = new int[units];
        wcet = new long[units];
        tail = new long[units];
        last = new boolean[units];
        for (Unit x : us) {
            taskOf[x.index()] = x.task();
            wcet[x.index()] = x.wcet();
            tail[x.index()] = x.tail();
            last[x.index()] = x.last();
        }
        totalKernels = total;
        hyperperiod = ts.hyperperiod();
        learning = new Learning(ts, this, mutation);
    }

    /** Job index of count c of task i. */
    public int job(int i, int c) {
        return chain[i] == 1 ? c : c / chain[i];
    }

    /** The unit of the kernel that count c of task i runs next. */
    public int unit(int i, int c) {
        return chain[i] == 1 ? firstUnit[i] : firstUnit[i] + c % chain[i];
    }

    public long arrival(int task, int job) {
        return offset[task] + job * period[task];
    }

    public long deadline(int task, int job) {
        return offset[task] + job * period[task] + relDeadline[task];
    }

    /**
     * The latest end of the frame running unit u of the job counts says is next: the job's
     * deadline less the kernels still to follow it, each of which takes at least its wcet in a
     * later frame. For a last kernel this is the job's deadline (the spec's frame-end rule);
     * for an earlier one it is a sound necessary condition.
     */
    public long unitDeadline(int u, int[] counts) {
        int i = taskOf[u];
        return deadline(i, job(i, counts[i])) - tail[u];
    }

    /** Earliest start of the kernel count c of task i runs next (a later kernel's job has long started). */
    public long readyTime(int i, int c) {
        return start[i] + job(i, c) * period[i];
    }

    /** Units whose task's next kernel may start by {@code t}. */
    public long readyAt(int[] counts, long t) {
        long r = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < items[i] && readyTime(i, counts[i]) <= t) {
                r |= 1L << unit(i, counts[i]);
            }
        }
        return r;
    }

    /** Earliest start of a kernel not yet completed, or Long.MAX_VALUE when all are done. */
    public long nextArrival(int[] counts) {
        long a = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (counts[i] < items[i]) {
                a = Math.min(a, readyTime(i, counts[i]));
            }
        }
        return a;
    }

    /** Adds {@code sign} to the count of every task with a unit in the batch {@code mask}; the kernels, signed. */
    public int count(int[] counts, long mask, int sign) {
        for (long b = mask; b != 0; b &= b - 1) {
            counts[taskOf[Long.numberOfTrailingZeros(b)]] += sign;
        }
        return sign * Long.bitCount(mask);
    }

    /** Earliest effective deadline among the next kernels in {@code mask}. */
    public long minDeadline(int[] counts, long mask) {
        long d = Long.MAX_VALUE;
        for (long b = mask; b != 0; b &= b - 1) {
            d = Math.min(d, unitDeadline(Long.numberOfTrailingZeros(b), counts));
        }
        return d;
    }
}
