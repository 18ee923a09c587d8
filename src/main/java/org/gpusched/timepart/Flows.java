package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Segment;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;

import java.util.ArrayList;
import java.util.List;

/**
 * A workload as end-to-end flows (time-partitioning.md, "Model mapping"): {@code cpu} segments and
 * {@code gpu.misc} are CPU work on the task's core, {@code gpu.exec} and copies are delays with best
 * case = worst case (with {@code platform.gpuAccess: server}, {@code gpu.exec} is a kernel on the GPU
 * server instead). Zero-length segments are dropped and CPU work that follows CPU work without a
 * delay in between is one step (the same thread runs it back to back; fewer steps, less
 * self-interference). The best case of CPU work is its WCET: the format has no BCET (docs/timepart.md).
 */
public final class Flows {
    private Flows() { }

    public static List<Flow> of(Workload w) {
        boolean server = w.platform().gpuAccess() == Platform.GpuAccess.SERVER;
        return w.tasks().stream().map(t -> of(t, server)).toList();
    }

    /** {@code server}: kernels are queued to the GPU server ({@link Step.Gpu}), else delays. */
    static Flow of(WorkTask t, boolean server) {
        List<Step> steps = new ArrayList<>();
        for (int j = 0; j < t.segments().size(); j++) {
            String at = "segments[" + j + "]";
            Segment s = t.segments().get(j);
            if (s instanceof Segment.Cpu c) {
                cpu(steps, c.time(), at + ".cpu");
            } else if (s instanceof Segment.Gpu g) {
                cpu(steps, g.misc(), at + ".gpu.misc");
                if (g.exec() > 0) {
                    steps.add(server ? new Step.Gpu(g.exec(), g.exec(), at + ".gpu.exec")
                            : new Step.Delay(g.exec(), g.exec(), true, at + ".gpu.exec"));
                }
            } else if (s.time() > 0) {
                steps.add(new Step.Delay(s.time(), s.time(), false, at + ".copy"));
            }
        }
        boolean cpu = steps.stream().anyMatch(s -> s instanceof Step.Cpu);
        int core = cpu && t.core().isPresent() ? t.core().getAsInt() : -1;
        return new Flow(t.name(), t.period(), t.deadline(), 0, 0, core, t.cpuPriority(), t.partition(), steps,
                t.bestEffort());
    }

    private static void cpu(List<Step> steps, long time, String origin) {
        if (time == 0) {
            return;
        }
        if (!steps.isEmpty() && steps.get(steps.size() - 1) instanceof Step.Cpu prev) {
            long c = Math.addExact(prev.wcet(), time);
            steps.set(steps.size() - 1, new Step.Cpu(c, c, prev.origin() + "+" + origin));
        } else {
            steps.add(new Step.Cpu(time, time, origin));
        }
    }

    /** Why a task cannot be a flow: CPU work without a core; null when every task can. */
    public static String whyNot(Workload w) {
        return w.tasks().stream()
                .filter(t -> t.core().isEmpty() && t.segments().stream().anyMatch(s -> s instanceof Segment.Cpu
                        && s.time() > 0 || s instanceof Segment.Gpu g && g.misc() > 0))
                .findFirst().map(t -> "tasks[" + t.index() + "] has no cpu.core and platform.cpus > 1").orElse(null);
    }
}
