package org.gpusched.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A validated task set: tasks, GPU and interference model, with its hyperperiod and the SHA-256
 * of its canonical JSON (what a scheduling table is bound to). The interference model is indexed
 * by {@link Unit} (kernel), which for a set without chains is the task index.
 */
public record TaskSet(String name, TimeUnitName timeUnit, Gpu gpu, List<Task> tasks, Interference interference,
                      long hyperperiod, int jobCount, String sha256, String source, long origin, String document) {

    /** The explorer and the oracle key task sets by 64-bit masks. */
    public static final int MAX_TASKS = 64;
    /** Documented limit on the hyperperiod, in ticks. */
    public static final long MAX_HYPERPERIOD = 1_000_000_000_000L;
    /** {@link #origin()} of a set with offsets and no cut: its tasks keep the file's offsets. */
    public static final long NO_WINDOW = -1;
    /**
     * Jobs of one hyperperiod the methods that keep state per job take (the exact search, brute
     * force, tables kept in memory); see {@code input.JobLimit}.
     */
    public static final int MAX_JOBS = 100_000;
    /**
     * Kernels (jobs times chain length) of one hyperperiod the reader accepts: job and kernel
     * counts stay 32-bit integers, and the streamed simulations need no memory per job.
     */
    public static final int MAX_KERNELS = 1_000_000_000;

    public TaskSet {
        tasks = List.copyOf(tasks);
    }

    /**
     * A set not tied to a document ({@link #document()} null): one derived from another by changing
     * what the file says (sensitivity's scaled times, a fitted runtime), which no independent reader
     * of the file could check.
     */
    public TaskSet(String name, TimeUnitName timeUnit, Gpu gpu, List<Task> tasks, Interference interference,
                   long hyperperiod, int jobCount, String sha256, String source, long origin) {
        this(name, timeUnit, gpu, tasks, interference, hyperperiod, jobCount, sha256, source, origin, null);
    }

    /**
     * The same set bound to {@code document}, the canonical JSON of the file it was read from: what
     * the reference core reads to check a table independently of everything above.
     */
    public TaskSet withDocument(String doc) {
        return new TaskSet(name, timeUnit, gpu, tasks, interference, hyperperiod, jobCount, sha256, source, origin, doc);
    }

    /**
     * A set whose window starts at 0. {@code origin} is where the analysed window [origin,
     * origin + H) starts in the file's own time line (see {@link Window}): every time the
     * analyses, tables and the player use is relative to it, and the tasks' offsets are too.
     */
    public TaskSet(String name, TimeUnitName timeUnit, Gpu gpu, List<Task> tasks, Interference interference,
                   long hyperperiod, int jobCount, String sha256, String source) {
        this(name, timeUnit, gpu, tasks, interference, hyperperiod, jobCount, sha256, source, 0);
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

    /** The kernels of every chain, numbered in task order; a set without chains has one per task. */
    public List<Unit> units() {
        return unitsOf(tasks);
    }

    /** {@link #units()} of a list of tasks. */
    public static List<Unit> unitsOf(List<Task> tasks) {
        List<Unit> units = new ArrayList<>();
        for (Task t : tasks) {
            long tail = t.wcet();
            for (int s = 0; s < t.kernels(); s++) {
                Stage st = t.chain().get(s);
                tail = Ticks.sub(tail, st.wcet());
                String name = t.kernels() == 1 ? t.name() : t.name() + "." + st.name();
                units.add(new Unit(units.size(), t.index(), s, name, st.wcet(), st.kernel(),
                        s == t.kernels() - 1 ? 0 : tail, s == t.kernels() - 1, Ticks.add(st.h2d(), st.d2h())));
            }
        }
        return units;
    }

    /** Name of kernel {@code stage} of task i: the task's name, or {@code task.kernel} in a chain. */
    public String unitName(int task, int stage) {
        Task t = tasks.get(task);
        return t.kernels() == 1 ? t.name() : t.name() + "." + t.chain().get(stage).name();
    }

    /** Kernels of every job of the hyperperiod (the job count for a set without chains). */
    public int kernelCount() {
        return tasks.stream().mapToInt(t -> jobsOf(t.index()) * t.kernels()).sum();
    }

    /** Number of kernels over all chains (the oracle's task masks range over these). */
    public int unitCount() {
        return tasks.stream().mapToInt(Task::kernels).sum();
    }

    /** Every job of [0, H), ordered by arrival, then task index. */
    public List<Job> jobs() {
        List<Job> jobs = new ArrayList<>(jobCount);
        for (Task t : tasks) {
            for (int k = 0; k < jobsOf(t.index()); k++) {
                jobs.add(new Job(t.index(), k, t.arrival(k), t.absoluteDeadline(k), t.wcet(), t.release(k)));
            }
        }
        jobs.sort(Comparator.comparingLong(Job::arrival).thenComparingInt(Job::task));
        return jobs;
    }

    public String displayName() {
        return name != null ? name : source;
    }
}
