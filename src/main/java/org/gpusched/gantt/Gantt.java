package org.gpusched.gantt;

import java.util.ArrayList;
import java.util.List;

/**
 * A timeline to draw: lanes top to bottom, grouped by task (a task's kernels, one sub-lane per kernel
 * of a chain, and its copies), bars coloured by task, frames as background bands, misses as marks,
 * and every job with its release, start, end and deadline. Times are in {@code unit}.
 *
 * @param tasks     task names in colour order (a bar's {@code task} indexes it)
 * @param laneTasks for each lane, the task it belongs to
 */
public record Gantt(String title, String unit, List<String> lanes, List<Integer> laneTasks, List<String> tasks,
                    List<Bar> bars, List<Band> bands, List<Mark> misses, List<Job> jobs) {

    public Gantt {
        lanes = List.copyOf(lanes);
        laneTasks = List.copyOf(laneTasks);
        tasks = List.copyOf(tasks);
        bars = List.copyOf(bars);
        bands = List.copyOf(bands);
        misses = List.copyOf(misses);
        jobs = List.copyOf(jobs);
        if (laneTasks.size() != lanes.size()) {
            throw new IllegalArgumentException("one task per lane: " + laneTasks.size() + " for " + lanes.size());
        }
    }

    /** One operation on {@code lane} from {@code start} to {@code end}, part of job {@code job} (an index of jobs). */
    public record Bar(int lane, int task, long start, long end, int job) { }

    /** A frame of a scheduling table (PBS), drawn behind the bars. */
    public record Band(long start, long end) { }

    /** A deadline miss: the job finished at {@code time} on {@code lane}. */
    public record Mark(int lane, long time) { }

    /**
     * One job of a task: released at {@code release}, ran from {@code start} to {@code end}, due at
     * {@code deadline}; {@code frame} the 0-based band of its last kernel, or -1 without frames.
     */
    public record Job(int task, long index, long release, long start, long end, long deadline, int frame) {
        public long slack() {
            return deadline - end;
        }

        public boolean missed() {
            return end > deadline;
        }
    }

    /** Builds a Gantt lane by lane and job by job, giving each bar the index of its job. */
    static final class Builder {
        final List<String> lanes = new ArrayList<>();
        final List<Integer> laneTasks = new ArrayList<>();
        final List<Bar> bars = new ArrayList<>();
        final List<Band> bands = new ArrayList<>();
        final List<Mark> misses = new ArrayList<>();
        final List<Job> jobs = new ArrayList<>();

        int lane(String name, int task) {
            lanes.add(name);
            laneTasks.add(task);
            return lanes.size() - 1;
        }

        int job(Job j) {
            jobs.add(j);
            return jobs.size() - 1;
        }

        Gantt build(String title, String unit, List<String> tasks) {
            return new Gantt(title, unit, lanes, laneTasks, tasks, bars, bands, misses, jobs);
        }
    }
}
