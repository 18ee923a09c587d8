package org.gpusched.policy;

import org.gpusched.model.Platform;
import org.gpusched.model.Segment;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;

/**
 * What the GCAPS family (gcaps-rta.md) needs from a workload, checked once for all eight methods:
 * a CPU/GPU chain per task (no copy of non-zero length), a core per task, and driver overheads
 * the workload's unit can hold. The adapter to the {@code rta} package builds its tasks from
 * {@link WorkTask#cpuGpuChain()}, {@link WorkTask#core()}, the priorities and
 * {@link Platform#driver()} only after this said yes.
 */
public final class GcapsApplicability {
    private GcapsApplicability() { }

    public static Applicability of(Workload w) {
        if (w.platform().driver() == null) {
            return Applicability.no(w.platform().driverNote());
        }
        for (WorkTask t : w.tasks()) {
            String p = "tasks[" + t.index() + "]";
            if (t.cpuGpuChain().isEmpty()) {
                long copy = t.segments().stream().filter(s -> s instanceof Segment.Copy && s.time() > 0)
                        .mapToLong(Segment::time).findFirst().orElse(0);
                return Applicability.no(p + " has a copy of length " + copy + " (copies are not a GCAPS concept:"
                        + " fold synchronous copies into gpu.misc)");
            }
            if (t.jitter() > 0) {
                return Applicability.no(p + " has release jitter " + t.jitter() + " (the GCAPS analyses assume"
                        + " strictly periodic releases)");
            }
            if (t.core().isEmpty()) {
                return Applicability.no(p + " has no cpu.core and platform.cpus > 1");
            }
        }
        return Applicability.yes();
    }
}
