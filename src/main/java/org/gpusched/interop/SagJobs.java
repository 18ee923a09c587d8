package org.gpusched.interop;

import org.gpusched.model.Job;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * The PBS job set of one hyperperiod as the input of the schedule-abstraction-graph tool nptest:
 * the job CSV (Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority)
 * and, when a task has a chain, the precedence CSV (nptest's {@code -p FILE}). It is the job set
 * that {@code edf-serial} runs: one nptest job per kernel of each job (a chain's kernels are
 * separate scheduling points, ordered by precedence edges), costing what the kernel takes alone
 * with its copies (the oracle's C({k})), with the job's absolute deadline.
 */
public final class SagJobs {
    public static final String HEADER = "Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline, Priority";
    public static final String PRECEDENCE_HEADER = "Predecessor TID, Predecessor JID, Successor TID, Successor JID";

    /** How a job's release jitter J is written: the arrival window [a, a + J], or [a + J, a + J]. */
    public enum Arrival { WINDOW, RELEASE }

    /**
     * The priority column (smaller = more urgent in nptest): the job's rank in gpusched's EDF order
     * (deadline, then arrival, then task), so that nptest breaks no tie differently; or the absolute
     * deadline, nptest's own way to say EDF (its ties: lower task, then job ID).
     */
    public enum Priority { RANK, DEADLINE }

    /** The job CSV, and the precedence CSV or null when no task has a chain. */
    public record Files(String jobs, String precedence) { }

    /** Gpusched's EDF order of jobs, as edf-serial's. */
    private static final Comparator<Job> EDF = Comparator.comparingLong(Job::deadline).thenComparingLong(Job::arrival)
            .thenComparingInt(Job::task);

    /**
     * Rows (kernels of the hyperperiod) an export writes at most: the job file is built in memory
     * (an EDF rank per job), about 60 bytes a row, so this keeps it under a gigabyte; nptest's own
     * analyses stay far below it.
     */
    public static final long MAX_ROWS = 10_000_000;

    private SagJobs() { }

    /** Why {@code ts} is too large to export, or null. */
    public static String tooLarge(TaskSet ts) {
        long rows = ts.kernelCount();
        return rows <= MAX_ROWS ? null : rows + " job rows (kernels per hyperperiod) exceed the limit of " + MAX_ROWS
                + " of this export (the job file is built in memory; a set this size is beyond nptest too)";
    }

    public static Files write(TaskSet ts, Arrival arrival, Priority priority) {
        return write(ts, ts.jobs(), arrival, priority);
    }

    /**
     * The job set from power-on, for a set with no steady-state window: every job of {@code file}
     * (a task set on the file's own time line) that arrives in [0, hyperperiods·H), job k of a task
     * arriving at O + kT. Up to the last of those arrivals the EDF rules schedule these jobs as they
     * schedule the unbounded sequence (no decision before an instant depends on a job arriving
     * after it); the jobs left at the end then run with no one arriving, each finishing no later
     * than it would with the rest (one kernel at a time, EDF order among them unchanged). So a
     * miss EDF meets from power-on before the last hyperperiod exported is in this set, and a set
     * EDF schedules for ever has none here: give the hyperperiods the power-on analysis explored,
     * plus one.
     */
    public static Files fromPowerOn(TaskSet file, int hyperperiods, Arrival arrival, Priority priority) {
        long end = Math.multiplyExact(file.hyperperiod(), hyperperiods);
        List<Job> jobs = new ArrayList<>();
        for (Task t : file.tasks()) {
            for (int k = 0; t.arrival(k) < end; k++) {
                jobs.add(new Job(t.index(), k, t.arrival(k), t.absoluteDeadline(k), t.wcet(), t.release(k)));
            }
        }
        jobs.sort(Comparator.comparingLong(Job::arrival).thenComparingInt(Job::task));
        return write(file, jobs, arrival, priority);
    }

    /** Why the power-on job set of {@code hyperperiods} is too large to export, or null. */
    public static String tooLarge(TaskSet file, int hyperperiods) {
        long rows = (long) file.kernelCount() * hyperperiods;
        return rows <= MAX_ROWS ? null : "about " + rows + " job rows (" + hyperperiods + " hyperperiods from power-on)"
                + " exceed the limit of " + MAX_ROWS + " of this export";
    }

    private static Files write(TaskSet ts, List<Job> jobs, Arrival arrival, Priority priority) {
        List<Job> edf = new ArrayList<>(jobs);
        edf.sort(EDF);
        Map<Job, Integer> rank = new HashMap<>();
        for (int i = 0; i < edf.size(); i++) {
            rank.put(edf.get(i), i + 1);
        }
        Oracle oracle = new Oracle(ts);
        int[] firstUnit = new int[ts.size()];
        for (int i = 1; i < ts.size(); i++) {
            firstUnit[i] = firstUnit[i - 1] + ts.task(i - 1).kernels();
        }
        StringBuilder rows = new StringBuilder(HEADER).append('\n');
        StringBuilder prec = new StringBuilder(PRECEDENCE_HEADER).append('\n');
        boolean chains = false;
        for (Job j : jobs) {
            Task t = ts.task(j.task());
            long release = arrival == Arrival.WINDOW ? j.arrival() : j.release();
            long prio = priority == Priority.RANK ? rank.get(j) : j.deadline();
            for (int s = 0; s < t.kernels(); s++) {
                long cost = oracle.completion(1L << (firstUnit[j.task()] + s));
                row(rows, j.task() + 1L, jobId(t, j.index(), s), release, j.release(), cost, cost, j.deadline(), prio);
                if (s > 0) {
                    chains = true;
                    row(prec, j.task() + 1L, jobId(t, j.index(), s - 1), j.task() + 1L, jobId(t, j.index(), s));
                }
            }
        }
        return new Files(rows.toString(), chains ? prec.toString() : null);
    }

    /** Job IDs count from 1 per task: kernel s of job k of a K-kernel chain is k·K + s + 1. */
    public static long jobId(Task t, int job, int stage) {
        return (long) job * t.kernels() + stage + 1;
    }

    private static void row(StringBuilder sb, long... cells) {
        for (int i = 0; i < cells.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(cells[i]);
        }
        sb.append('\n');
    }
}
