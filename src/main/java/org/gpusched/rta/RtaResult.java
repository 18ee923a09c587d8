package org.gpusched.rta;

import java.util.List;

/**
 * tasks in input order; gpuPriorityOrder: task names, highest GPU priority first, as used by the
 * final analysis; audsleyUsed: the Audsley pass ran (CPU priorities failed under AUDSLEY mode).
 */
public record RtaResult(RtaMethod method, Variant variant, GpuPriorityMode mode, boolean schedulable,
                        List<TaskBound> tasks, List<String> gpuPriorityOrder, boolean audsleyUsed) {
    public RtaResult {
        tasks = List.copyOf(tasks);
        gpuPriorityOrder = List.copyOf(gpuPriorityOrder);
        if (schedulable != tasks.stream().allMatch(TaskBound::schedulable)) {
            throw new IllegalArgumentException("schedulable must hold exactly when every task is schedulable");
        }
    }
}
