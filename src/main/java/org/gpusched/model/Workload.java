package org.gpusched.model;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * One workload in the v2 model, read from a v2 file or viewed from a v1 file: what every policy
 * reads. {@code pbs} is the v1 task set PBS, brute force and the EDF baselines analyse, or null with
 * {@code pbsNote} saying why they do not apply (a CPU segment, no kernel on a limited GPU, ...).
 *
 * @param formatVersion 1 or 2, as the file says
 * @param interference  the PBS interference model (v1 {@code interference})
 */
public record Workload(int formatVersion, String name, TimeUnitName timeUnit, Gpu gpu, List<WorkTask> tasks,
                       Interference interference, Platform platform, String sha256, String source,
                       TaskSet pbs, String pbsNote) {

    public Workload {
        tasks = List.copyOf(tasks);
        if ((pbs == null) == (pbsNote == null)) {
            throw new IllegalArgumentException("exactly one of pbs and pbsNote");
        }
    }

    /**
     * The v2 view of a v1 file (docs/format.md): each task one GPU segment (exec = wcet, misc = 0,
     * its kernel), zero CPU time on its own core (cpus = number of tasks, core = task index),
     * deadline-monotonic CPU and GPU priorities, no best-effort task, the platform defaults.
     */
    public static Workload ofV1(TaskSet ts) {
        long[] deadlines = ts.tasks().stream().mapToLong(Task::deadline).toArray();
        int[] prio = Priorities.deadlineMonotonic(deadlines);
        List<WorkTask> tasks = new ArrayList<>();
        for (Task t : ts.tasks()) {
            tasks.add(new WorkTask(t.index(), t.name(), t.period(), t.deadline(),
                    List.of(new Segment.Gpu(t.wcet(), 0, t.kernel())), OptionalInt.of(t.index()), prio[t.index()],
                    prio[t.index()], false, null, null, null, t.jitter(), t.offset()));
        }
        return new Workload(1, ts.name(), ts.timeUnit(), ts.gpu(), tasks, ts.interference(),
                DriverDefaults.v1(ts.size(), ts.timeUnit()), ts.sha256(), ts.source(), ts, null);
    }

    public int size() {
        return tasks.size();
    }

    public WorkTask task(int i) {
        return tasks.get(i);
    }

    public String displayName() {
        return name != null ? name : source;
    }
}
