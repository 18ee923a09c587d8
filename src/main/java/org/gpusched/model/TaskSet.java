package org.gpusched.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A validated task set: tasks, GPU and interference model, with its hyperperiod and the SHA-256
 * of its canonical JSON (what a scheduling table is bound to).
 */
public record TaskSet(String name, TimeUnitName timeUnit, Gpu gpu, List<Task> tasks, Interference interference,
                      long hyperperiod, int jobCount, String sha256, String source) {

    /** The explorer and the oracle key task sets by 64-bit masks. */
    public static final int MAX_TASKS = 64;
    /** Documented limit on the hyperperiod, in ticks. */
    public static final long MAX_HYPERPERIOD = 1_000_000_000_000L;
    /** Documented limit on the jobs of one hyperperiod. */
    public static final int MAX_JOBS = 100_000;

    public TaskSet {
        tasks = List.copyOf(tasks);
    }

    public int size() {
        return tasks.size();
    }

    public Task task(int i) {
        return tasks.get(i);
    }

    public int jobsOf(int task) {
        return (int) (hyperperiod / tasks.get(task).period());
    }

    public double utilization() {
        return tasks.stream().mapToDouble(Task::utilization).sum();
    }

    /** Every job of [0, H), ordered by arrival, then task index. */
    public List<Job> jobs() {
        List<Job> jobs = new ArrayList<>(jobCount);
        for (Task t : tasks) {
            for (int k = 0; k < jobsOf(t.index()); k++) {
                long a = k * t.period();
                jobs.add(new Job(t.index(), k, a, a + t.deadline(), t.wcet()));
            }
        }
        jobs.sort((x, y) -> x.arrival() != y.arrival() ? Long.compare(x.arrival(), y.arrival())
                : Integer.compare(x.task(), y.task()));
        return jobs;
    }

    public String displayName() {
        return name != null ? name : source;
    }
}
