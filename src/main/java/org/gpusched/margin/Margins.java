package org.gpusched.margin;

import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
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
        List<JobMargin> jobs = new ArrayList<>();
        // A job starts with its chain's first kernel and finishes with its last.
        java.util.Map<JobRef, Long> started = new java.util.HashMap<>();
        for (Frame f : schedule) {
            for (JobRef j : f.batch()) {
                Task t = ts.task(j.task());
                if (j.stage() == 0) {
                    started.put(new JobRef(j.task(), j.job()), f.start());
                }
                if (j.stage() == t.kernels() - 1) {
                    long release = t.arrival(j.job());
                    jobs.add(new JobMargin(j.task(), j.job(), release, t.absoluteDeadline(j.job()),
                            started.get(new JobRef(j.task(), j.job())), f.end()));
                }
            }
        }
        if (jobs.size() != ts.jobCount()) {
            throw new IllegalArgumentException("margins need a complete schedule: " + jobs.size() + " of "
                    + ts.jobCount() + " jobs");
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
