package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GCAPS busy-waiting with given GPU priorities that order two tasks of a core against their CPU
 * priorities (the order gcaps-rta.md's deadlock rule keeps Audsley from choosing, but a file may
 * give). "lo" is below "hi" on core 2 and above it on the GPU; "mid" on core 1 sits between them on
 * the GPU. hi spins on core 2 while its kernels wait behind mid's, and lo waits for the core all that
 * time: the local terms charge hi's own work only, and mid is below lo on the GPU, so no term counts
 * that wait. Found by drawing GPU orders the random workloads never draw (they follow the CPU's).
 */
class InvertedGpuOrderTest {
    private static RtaTask task(String name, int core, int cpuPriority, int gpuPriority) {
        return new RtaTask(name, 100, 58, List.of(0L, 0L, 2L), List.of(new GpuSegment(0, 2), new GpuSegment(0, 4)),
                core, cpuPriority, gpuPriority, false);
    }

    private static RtaWorkload inverted() {
        return new RtaWorkload(List.of(task("lo", 2, 1, 3), task("hi", 2, 2, 1), task("mid", 1, 1, 2)),
                new RtaPlatform(3, 2, 0, 1));
    }

    @Test
    void theSimulationShowsLoWaitingBehindMidsKernelsThroughHisSpin() {
        // hi and mid update the runlist 0-1; mid's kernel 2 runs first, hi's after it, both segments so:
        // lo gets core 2 only once hi is done, then runs its own 2 + 4 + 2 with its four updates.
        assertThat(Simulator.run(inverted(), RtaMethod.GCAPS_BUSY, 100, 300).observed("lo")).hasValue(33);
    }

    @Test
    void gcapsBusyGivesNoBoundBelowTheSimulationForAnOrderAgainstTheCpus() {
        RtaWorkload w = inverted();
        for (Variant v : List.of(Variant.SAFE, Variant.PAPER)) {
            RtaResult r = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_BUSY, GpuPriorityMode.CPU, v);
            // lo's bound was 27: own 2 + 6 + 4ε, B^C 3ε, hi's 2 + 6 + 4ε, and nothing for mid.
            assertThat(BoundVersusSimulationTest.violations(w, r, Simulator.run(w, RtaMethod.GCAPS_BUSY, 100, 300)))
                    .as(v.toString()).isEmpty();
            assertThat(r.tasks().get(0).responseTime()).as(v + ": no bound for lo").isEmpty();
        }
    }

    @Test
    void theSameTasksInTheCpusOrderKeepTheirBounds() {
        // lo's GPU priority below hi's, as on the CPU: the terms hold and bound every task.
        RtaWorkload w = new RtaWorkload(List.of(task("lo", 2, 1, 1), task("hi", 2, 2, 3), task("mid", 1, 1, 2)),
                new RtaPlatform(3, 2, 0, 1));
        RtaResult r = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_BUSY, GpuPriorityMode.CPU, Variant.SAFE);
        assertThat(r.tasks()).allMatch(b -> b.responseTime().isPresent());
        assertThat(BoundVersusSimulationTest.violations(w, r, Simulator.run(w, RtaMethod.GCAPS_BUSY, 100, 300)))
                .isEmpty();
    }
}
