package org.gpusched.timepart;

import java.util.List;

/**
 * A periodic end-to-end flow: one task of the workload. Its steps run in order; every CPU step runs
 * on {@code core} with {@code priority} (larger = higher) inside {@code partition} (null: no plan).
 *
 * @param offset     release phase of the first job (the analysis ignores it: it only helps)
 * @param jitter     external release jitter, added to every job's release in [0, jitter]
 * @param core       the core of the CPU steps; -1 when the flow has none
 * @param bestEffort analysed and interfering, but not judged
 */
public record Flow(String name, long period, long deadline, long offset, long jitter, int core, int priority,
                   String partition, List<Step> steps, boolean bestEffort) {
    public Flow {
        steps = List.copyOf(steps);
        if (period < 1 || deadline < 1 || offset < 0 || jitter < 0) {
            throw new IllegalArgumentException(name + ": need period, deadline >= 1 and offset, jitter >= 0");
        }
        if (steps.stream().anyMatch(s -> s instanceof Step.Cpu) && core < 0) {
            throw new IllegalArgumentException(name + ": a flow with CPU steps needs a core");
        }
    }

    public boolean usesCpu() {
        return steps.stream().anyMatch(s -> s instanceof Step.Cpu);
    }
}
