package org.gpusched.copyexec;

import org.gpusched.model.*;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A workload as the copy/execute strategies see it: copy tasks, the number of copy engines, the
 * hyperperiod, and the kernel pairs ({@code pairs} is null when the workload cannot say which
 * kernels may run together: a limited GPU and a task without a launch shape).
 *
 * @param pairsNote why {@code pairs} is null, else null
 */
public record CopyWorkload(String name, List<CopyTask> tasks, int engines, long hyperperiod, Pairs pairs,
                           String pairsNote) {

    public CopyWorkload {
        tasks = List.copyOf(tasks);
        if (engines != 1 && engines != 2) {
            throw new IllegalArgumentException("1 or 2 copy engines");
        }
    }

    /** A view of the workload, or why the copy/execute model does not fit it. */
    public sealed interface View permits Fits, Unfit { }

    public record Fits(CopyWorkload workload) implements View { }

    public record Unfit(String reason) implements View { }

    public int size() {
        return tasks.size();
    }

    public CopyTask task(int i) {
        return tasks.get(i);
    }

    /** Jobs of task i released in [0, H). */
    public int jobsOf(int i) {
        return (int) (hyperperiod / tasks.get(i).period());
    }

    /**
     * The copy/execute view (copy-execute.md): each task's chain is copies to the device, at most one
     * GPU segment (misc 0), copies to the host; no CPU work, no best-effort task; at most 64 tasks
     * (the oracle's masks) and the PBS hyperperiod and job limits.
     */
    public static View of(Workload w) {
        if (w.size() > TaskSet.MAX_TASKS) {
            return new Unfit(w.size() + " tasks: the copy/execute simulation takes at most " + TaskSet.MAX_TASKS);
        }
        List<CopyTask> tasks = new ArrayList<>();
        List<Task> kernels = new ArrayList<>();
        boolean shapes = true;
        for (WorkTask t : w.tasks()) {
            String p = "tasks[" + t.index() + "]";
            if (t.bestEffort()) {
                return new Unfit(p + " is bestEffort: the copy/execute strategies judge every task");
            }
            long[] parts = new long[3];
            int phase = 0;
            int kernelsSeen = 0;
            Segment.Gpu gpu = null;
            for (Segment s : t.segments()) {
                if (s.time() == 0) {
                    continue;
                }
                if (s instanceof Segment.Cpu c) {
                    return new Unfit(p + " has a CPU segment of length " + c.time()
                            + " (the copy/execute strategies model copies and kernels only)");
                }
                if (s instanceof Segment.Gpu g) {
                    if (g.misc() > 0) {
                        return new Unfit(p + " has gpu.misc " + g.misc() + " (fold it into exec or a copy)");
                    }
                    if (++kernelsSeen > 1 || phase > 1) {
                        return new Unfit(p + (phase > 1 ? " runs a kernel after a copy to the host"
                                : " has more than one GPU segment") + " (a copy/execute job is H2D, one kernel, D2H)");
                    }
                    phase = 1;
                    gpu = g;
                    parts[1] = g.exec();
                } else if (s instanceof Segment.Copy c) {
                    if (c.to() == Segment.Direction.DEVICE && phase > 0) {
                        return new Unfit(p + " copies to the device after its kernel or a copy to the host"
                                + " (a copy/execute job is H2D, kernel, D2H)");
                    }
                    phase = c.to() == Segment.Direction.DEVICE ? 0 : 2;
                    parts[phase] = Math.addExact(parts[phase], c.time());
                }
            }
            tasks.add(new CopyTask(t.index(), t.name(), t.period(), t.deadline(), parts[0], parts[1], parts[2]));
            if (gpu == null) {
                gpu = t.gpuSegments().isEmpty() ? null : t.gpuSegments().get(0);
            }
            shapes &= parts[1] == 0 || gpu != null && gpu.kernel() != null;
            kernels.add(new Task(t.index(), t.name(), t.period(), t.deadline(), parts[1],
                    gpu == null ? null : gpu.kernel()));
        }
        OptionalLong h = Hyperperiod.lcm(tasks.stream().mapToLong(CopyTask::period).toArray());
        if (h.isEmpty() || h.getAsLong() > TaskSet.MAX_HYPERPERIOD) {
            return new Unfit("hyperperiod " + (h.isEmpty() ? "overflows a 64-bit integer" : h.getAsLong()
                    + " exceeds the limit of " + TaskSet.MAX_HYPERPERIOD + " ticks"));
        }
        long jobs = tasks.stream().mapToLong(t -> h.getAsLong() / t.period()).sum();
        if (jobs > TaskSet.MAX_JOBS) {
            return new Unfit(jobs + " jobs per hyperperiod exceed the limit of " + TaskSet.MAX_JOBS);
        }
        Pairs pairs = null;
        String note = null;
        if (w.gpu().hasAnyLimit() && !shapes) {
            note = "a task with a kernel has no launch shape and the gpu has resource limits (concurrent kernels"
                    + " need the oracle's eligibility)";
        } else {
            pairs = new Pairs(new TaskSet(w.name(), w.timeUnit(), w.gpu(), kernels, w.interference(), h.getAsLong(),
                    (int) jobs, w.sha256(), w.source()));
        }
        return new Fits(new CopyWorkload(w.displayName(), tasks, w.platform().copyEngines(), h.getAsLong(), pairs,
                note));
    }
}
