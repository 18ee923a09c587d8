package org.gpusched.model;

import java.util.List;
import java.util.OptionalLong;

/**
 * The v1 task set that PBS, its brute-force twin and the EDF baselines analyse, taken from a v2
 * workload when its tasks fit their model: one GPU segment per job, released at the period
 * boundary, no CPU work around it (workload-v2.md). Otherwise the reason they do not apply.
 */
final class PbsView {
    private PbsView() { }

    /** Why the workload is outside the PBS model, or null when it is inside. */
    static String whyNot(List<WorkTask> tasks, Gpu gpu) {
        if (tasks.size() > TaskSet.MAX_TASKS) {
            return tasks.size() + " tasks: PBS analyses at most " + TaskSet.MAX_TASKS;
        }
        for (WorkTask t : tasks) {
            String p = "tasks[" + t.index() + "]";
            if (t.bestEffort()) {
                return p + " is bestEffort: PBS has no best-effort tasks";
            }
            int gpuWork = 0;
            for (Segment s : t.segments()) {
                if (s instanceof Segment.Cpu c && c.time() > 0) {
                    return p + " has a CPU segment of length " + c.time() + " (PBS releases kernels at period"
                            + " boundaries)";
                }
                if (s instanceof Segment.Copy c && c.time() > 0) {
                    return p + " has a copy of length " + c.time() + " (PBS takes copies only folded into exec)";
                }
                if (s instanceof Segment.Gpu g) {
                    if (g.misc() > 0) {
                        return p + " has gpu.misc " + g.misc() + " (PBS has no CPU model; fold it into exec)";
                    }
                    gpuWork += g.exec() > 0 ? 1 : 0;
                }
            }
            if (gpuWork != 1) {
                return p + (gpuWork == 0 ? " has no GPU work" : " has " + gpuWork + " GPU segments (PBS takes one"
                        + " kernel per job)");
            }
            if (gpu.hasAnyLimit() && t.gpuSegments().stream().noneMatch(g -> g.exec() > 0 && g.kernel() != null)) {
                return p + " has no kernel and the gpu has resource limits (PBS needs launch shapes)";
            }
        }
        return null;
    }

    /** v1's hyperperiod and job-count limits as a reason, or null when within them. */
    static String limits(List<Task> tasks) {
        OptionalLong h = Hyperperiod.lcm(tasks.stream().mapToLong(Task::period).toArray());
        if (h.isEmpty() || h.getAsLong() > TaskSet.MAX_HYPERPERIOD) {
            return "hyperperiod " + (h.isEmpty() ? "overflows a 64-bit integer" : h.getAsLong()
                    + " exceeds the limit of " + TaskSet.MAX_HYPERPERIOD + " ticks");
        }
        long jobs = 0;
        for (Task t : tasks) {
            jobs += h.getAsLong() / t.period();
        }
        if (jobs > TaskSet.MAX_JOBS) {
            return jobs + " jobs per hyperperiod exceed the limit of " + TaskSet.MAX_JOBS;
        }
        return null;
    }

    static TaskSet taskSet(String name, TimeUnitName unit, Gpu gpu, List<Task> tasks, Interference inter,
                           String sha256, String file) {
        long h = Hyperperiod.lcm(tasks.stream().mapToLong(Task::period).toArray()).orElseThrow();
        long jobs = 0;
        for (Task t : tasks) {
            jobs += h / t.period();
        }
        return new TaskSet(name, unit, gpu, tasks, inter, h, (int) jobs, sha256, file);
    }
}
