package org.gpusched.input;

import org.gpusched.model.*;

import java.util.*;

/**
 * The v1 task set that PBS, its brute-force twin and the EDF baselines analyse, taken from a v2
 * workload when its tasks fit their model: one GPU segment per job, released at the period
 * boundary, no CPU work around it (workload-v2.md). Otherwise the reason they do not apply.
 */
final class PbsView {
    private PbsView() { }

    /** Why the workload is outside the PBS model, or null when it is inside. */
    static String whyNot(List<WorkTask> tasks, Gpu gpu) {
        long units = 0;
        if (tasks.size() > TaskSet.MAX_TASKS) {
            return tasks.size() + " tasks: PBS analyses at most " + TaskSet.MAX_TASKS;
        }
        for (WorkTask t : tasks) {
            String p = "tasks[" + t.index() + "]";
            if (t.bestEffort()) {
                return p + " is bestEffort: PBS has no best-effort tasks";
            }
            int gpuWork = 0;
            units += t.gpuSegments().stream().filter(g -> g.exec() > 0).count();
            for (Segment s : t.segments()) {
                if (s instanceof Segment.Cpu c && c.time() > 0) {
                    return p + " has a CPU segment of length " + c.time() + " (PBS releases kernels at period"
                            + " boundaries)";
                }
                if (s instanceof Segment.Copy c && c.time() > 0) {
                    // A copy belongs to a kernel: to the device before one, to the host after one.
                    boolean in = c.to() == Segment.Direction.DEVICE;
                    if (in ? gpuAfter(t, s) == 0 : gpuWork == 0) {
                        return p + " has a copy to the " + c.to().json() + " of length " + c.time() + (in
                                ? " after its last kernel" : " before its first kernel")
                                + " (PBS attaches copies to the device to the next kernel, to the host to the previous one)";
                    }
                }
                if (s instanceof Segment.Gpu g) {
                    if (g.misc() > 0) {
                        return p + " has gpu.misc " + g.misc() + " (PBS has no CPU model; fold it into exec)";
                    }
                    gpuWork += g.exec() > 0 ? 1 : 0;
                }
            }
            if (gpuWork == 0) {
                return p + " has no GPU work";
            }
            if (gpu.hasAnyLimit() && t.gpuSegments().stream().anyMatch(g -> g.exec() > 0 && g.kernel() == null)) {
                return p + " has no kernel and the gpu has resource limits (PBS needs launch shapes)";
            }
        }
        if (units > TaskSet.MAX_TASKS) {
            return units + " kernels over all chains: PBS analyses at most " + TaskSet.MAX_TASKS;
        }
        return null;
    }

    /** GPU segments of non-zero exec after segment {@code s} of the task's chain. */
    private static long gpuAfter(WorkTask t, Segment s) {
        return t.segments().subList(t.segments().indexOf(s) + 1, t.segments().size()).stream()
                .filter(x -> x instanceof Segment.Gpu g && g.exec() > 0).count();
    }

    /**
     * v1's hyperperiod limit ({@code hint} added to its reason) and the reader's cap on the kernels of a
     * hyperperiod as a reason, or null when within them (the methods that keep state per job have their
     * own, lower cap: {@link JobLimit}).
     */
    static String limits(List<Task> tasks, String hint) {
        OptionalLong h = Hyperperiod.lcm(tasks.stream().mapToLong(Task::period).toArray());
        if (h.isEmpty() || h.getAsLong() > TaskSet.MAX_HYPERPERIOD) {
            // Periods are at most MAX_HYPERPERIOD each, but their lcm can still overflow.
            return "hyperperiod " + (h.isEmpty() ? "overflows a 64-bit integer" : h.getAsLong()
                    + " exceeds the limit of " + TaskSet.MAX_HYPERPERIOD + " ticks") + hint;
        }
        long kernels = tasks.stream().mapToLong(t -> h.getAsLong() / t.period() * t.kernels()).sum();
        if (kernels > TaskSet.MAX_KERNELS) {
            return kernels + " kernels (jobs times chain length) per hyperperiod exceed the limit of "
                    + TaskSet.MAX_KERNELS;
        }
        return null;
    }

    /** The set of validated tasks within the hyperperiod limit (both format versions): its jobs and window. */
    static TaskSet taskSet(String name, TimeUnitName unit, Gpu gpu, List<Task> tasks, Interference inter,
                           String sha256, String file) {
        long h = Hyperperiod.lcm(tasks.stream().mapToLong(Task::period).toArray()).orElseThrow();
        long jobs = tasks.stream().mapToLong(t -> h / t.period()).sum();
        long origin = Window.origin(tasks, h);
        return new TaskSet(name, unit, gpu, Window.rotate(tasks, origin), inter, h, (int) jobs, sha256, file, origin);
    }

    /**
     * A v2 task as PBS sees it: its GPU segments of non-zero exec, in order, as a chain of kernels
     * (a chain), each named by its segment's {@code name} or its position in the chain (0, 1,
     * ...); with its offset and jitter. A task with no such segment keeps one kernel of its
     * summed exec, so that the interference model can still name it.
     */
    static Task chainTask(String file, WorkTask t, InputDtoV2.TaskDto dto) {
        String p = "tasks[" + t.index() + "]";
        List<Stage> stages = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<InputDtoV2.SegmentDto> segs = dto.segments();
        long pendingIn = 0;
        boolean copies = false;
        for (int j = 0; segs != null && j < segs.size(); j++) {
            InputDtoV2.GpuSegmentDto g = segs.get(j).gpu();
            if (t.segments().get(j) instanceof Segment.Copy c && c.time() > 0) {
                // A copy with no kernel to attach to is left out here: whyNot makes PBS not applicable.
                copies = true;
                if (c.to() == Segment.Direction.DEVICE) {
                    pendingIn = Ticks.add(pendingIn, c.time());
                } else if (!stages.isEmpty()) {
                    Stage last = stages.get(stages.size() - 1);
                    stages.set(stages.size() - 1, last.withCopies(last.h2d(), Ticks.add(last.d2h(), c.time())));
                }
            }
            if (g == null) {
                continue;
            }
            if (g.name() != null && !KERNEL_NAME.matcher(g.name()).matches()) {
                throw new InputException(file, p + ".segments[" + j + "].gpu.name", "invalid kernel name \""
                        + Escapes.text(g.name()) + "\" (allowed: letters, digits, _ -)");
            }
            Segment.Gpu seg = (Segment.Gpu) t.segments().get(j);
            if (seg.exec() == 0) {
                continue;
            }
            String name = g.name() != null ? g.name() : Integer.toString(stages.size());
            if (!names.add(name)) {
                throw new InputException(file, p + ".segments[" + j + "].gpu.name", "kernel name \"" + name
                        + "\" repeated in the chain of " + t.name());
            }
            stages.add(new Stage(name, seg.exec(), seg.kernel(), pendingIn, 0));
            pendingIn = 0;
        }
        Task base = new Task(t.index(), t.name(), t.period(), t.deadline(), t.gpuExec(), firstKernel(t));
        if (stages.size() > 1) {
            base = base.withChain(stages);
        } else if (copies && stages.size() == 1) {
            // One kernel: keep the task's own stage (its name and kernel), with the copies attached.
            Stage only = base.chain().get(0);
            base = base.withChain(List.of(only.withCopies(stages.get(0).h2d(), stages.get(0).d2h())));
        }
        return Window.release(file, p, base, dto.offset(), dto.jitter());
    }

    private static final java.util.regex.Pattern KERNEL_NAME = java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");

    private static Kernel firstKernel(WorkTask t) {
        for (Segment.Gpu g : t.gpuSegments()) {
            if (g.kernel() != null && g.exec() > 0) {
                return g.kernel();
            }
        }
        return t.gpuSegments().stream().map(Segment.Gpu::kernel).filter(k -> k != null).findFirst().orElse(null);
    }
}
