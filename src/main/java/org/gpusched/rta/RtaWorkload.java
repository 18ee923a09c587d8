package org.gpusched.rta;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Tasks and platform; names unique, cores below platform.cpus, CPU priorities unique per core. */
public record RtaWorkload(List<RtaTask> tasks, RtaPlatform platform) {
    public RtaWorkload {
        tasks = List.copyOf(tasks);
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one task");
        }
        Set<String> names = new HashSet<>();
        Set<Long> corePrio = new HashSet<>();
        for (RtaTask t : tasks) {
            if (!names.add(t.name())) {
                throw new IllegalArgumentException("duplicate task name " + t.name());
            }
            if (t.core() >= platform.cpus()) {
                throw new IllegalArgumentException(t.name() + ": core " + t.core() + " >= cpus " + platform.cpus());
            }
            if (!corePrio.add(((long) t.core() << 32) ^ (t.cpuPriority() & 0xffffffffL))) {
                throw new IllegalArgumentException(t.name() + ": CPU priority " + t.cpuPriority()
                        + " not unique on core " + t.core());
            }
        }
    }
}
