package org.gpusched.timepart;

import org.gpusched.model.InputException;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;

import java.util.List;
import java.util.Set;

/** What {@code optimize} checks before a search: flows the analysis takes, and the partition whose window moves. */
public final class WindowTuning {
    private WindowTuning() {
    }

    /** The flows of {@code w}; refused, naming {@code file}, when the holistic analysis does not take the workload. */
    public static List<Flow> flows(String file, Workload w) {
        String why = Flows.whyNot(w);
        if (why != null) {
            throw new InputException(file, "", why);
        }
        return Flows.of(w);
    }

    /**
     * The index of the partition to tune: the one {@code name}d, or else the one partition that holds
     * GPU-using tasks. A usage error (IllegalArgumentException) when there is no such partition, or
     * when its windows lie on several cores but not all.
     */
    public static int partition(Platform.TimePartitions plan, List<Flow> flows, String name, String file) {
        int p;
        if (name != null) {
            p = PlanDocument.partitionIndex(plan, name);
            if (p < 0) {
                throw new IllegalArgumentException("--partition: no partition '" + name + "' in " + file);
            }
        } else {
            Set<String> gpu = PlanDocument.gpuPartitions(flows);
            if (gpu.size() != 1) {
                throw new IllegalArgumentException((gpu.isEmpty() ? "no GPU-using task is in a partition"
                        : "GPU-using tasks are in partitions " + gpu) + ": name one with --partition");
            }
            p = PlanDocument.partitionIndex(plan, gpu.iterator().next());
        }
        if (WindowSearch.coreOf(plan.partitions().get(p)).isEmpty()) {
            throw new IllegalArgumentException("partition " + plan.partitions().get(p).name()
                    + " has windows on several cores; the window search handles one core or all cores");
        }
        return p;
    }
}
