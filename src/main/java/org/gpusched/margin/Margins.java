package org.gpusched.margin;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Per job and per task: when it finishes on a schedule found, its response time and its slack
 * (deadline minus finish). A job finishes when its frame ends: PBS waits for the whole batch.
 *
 * @param jobs    every job of the hyperperiod, in release order (then task index)
 * @param tasks   per task, its worst response time and smallest slack on this schedule
 * @param tightest the job with the least slack (the set's margin on this schedule)
 */
public record Margins(List<JobMargin> jobs, List<TaskMargin> tasks, JobMargin tightest) {
    public Margins {
        jobs = List.copyOf(jobs);
        tasks = List.copyOf(tasks);
    }

    public record JobMargin(int task, int job, long release, long deadline, long start, long finish) {
        public long response() {
            return finish - release;
        }

        public long slack() {
            return deadline - finish;
        }
    }

    public record TaskMargin(int task, int jobs, long worstResponse, long minSlack, int tightestJob) { }

    /** The margins of a complete schedule (every job of the hyperperiod in one frame). */
    public static Margins of(TaskSet ts, List<Frame> schedule) {
        return of(ts, schedule, 0, 0);
    }

    /**
     * The margins of a schedule from power-on: the prefix (frames before {@code fromFrame}) runs
     * once, then the periodic part repeats every {@code every} ticks with each job {@code every / T}
     * later. A job of a later turn finishes and starts exactly {@code every} after its counterpart
     * of the first turn, so its response and slack are the same: the prefix and one turn hold every
     * response the schedule ever gives. {@code ts} is on the schedule's time line, and {@code every}
     * 0 means a one-hyperperiod table from 0 that holds every job of the hyperperiod.
     */
    public static Margins of(TaskSet ts, List<Frame> schedule, int fromFrame, long every) {
        List<JobMargin> jobs = new ArrayList<>();
        // A job starts with its chain's first kernel and finishes with its last; in a periodic
        // schedule the first kernel always lies before the last in the prefix and first turn (the
        // state at the turn's start is also the state one turn later).
        java.util.Map<JobRef, Long> started = new java.util.HashMap<>();
        long[] perTurn = new long[ts.size()];
        for (int i = 0; i < schedule.size(); i++) {
            Frame f = schedule.get(i);
            for (JobRef j : f.batch()) {
                Task t = ts.task(j.task());
                JobRef job = new JobRef(j.task(), j.job(), 0);
                if (j.stage() == 0) {
                    started.put(job, f.start());
                }
                if (j.stage() == t.kernels() - 1) {
                    Long start = started.get(job);
                    if (start == null) {
                        throw new IllegalArgumentException("margins: job " + t.name() + "#" + j.job()
                                + " ends before its first kernel ran");
                    }
                    jobs.add(new JobMargin(j.task(), j.job(), t.arrival(j.job()), t.absoluteDeadline(j.job()),
                            start, f.end()));
                    perTurn[j.task()] += i >= fromFrame ? 1 : 0;
                }
            }
        }
        if (every == 0 && jobs.size() != ts.jobCount()) {
            throw new IllegalArgumentException("margins need a complete schedule: " + jobs.size() + " of "
                    + ts.jobCount() + " jobs");
        }
        for (Task t : ts.tasks()) {
            if (every > 0 && perTurn[t.index()] != every / t.period()) {
                throw new IllegalArgumentException("margins: the periodic part finishes " + perTurn[t.index()]
                        + " job(s) of " + t.name() + " per turn, not " + every / t.period());
            }
        }
        jobs.sort(Comparator.comparingLong(JobMargin::release).thenComparingInt(JobMargin::task));
        List<TaskMargin> tasks = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            int task = i;
            List<JobMargin> mine = jobs.stream().filter(j -> j.task() == task).toList();
            JobMargin tight = mine.stream().min(Comparator.comparingLong(JobMargin::slack)).orElseThrow();
            tasks.add(new TaskMargin(i, mine.size(), mine.stream().mapToLong(JobMargin::response).max().orElseThrow(),
                    tight.slack(), tight.job()));
        }
        JobMargin tightest = jobs.stream().min(Comparator.comparingLong(JobMargin::slack)
                .thenComparingLong(JobMargin::release)).orElseThrow();
        return new Margins(jobs, tasks, tightest);
    }
}
