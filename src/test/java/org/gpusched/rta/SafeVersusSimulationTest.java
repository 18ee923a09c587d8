package org.gpusched.rta;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SAFE variant against the simulator, every method, on unedited random workloads: zero-length
 * CPU segments (also forced into half of the cases), θ > 0, best-effort tasks, 1–3 cores. Default
 * {@value #DEFAULT} workloads per method; {@code -Drta.cases=N} soaks, {@code -Drta.seed=S} shifts every
 * seed (a fresh sample).
 */
class SafeVersusSimulationTest {
    static final int DEFAULT = 1000;
    static final int CASES = Integer.getInteger("rta.cases", DEFAULT);
    static final long SEED = Long.getLong("rta.seed", 0L);
    static final long H = RandomWorkloads.HYPERPERIOD;

    /** Half of the workloads get every other CPU segment set to 0 (a task requests the GPU at once). */
    static RtaWorkload draw(long seed) {
        SplittableRandom rnd = new SplittableRandom(SEED + seed);
        RtaWorkload w = RandomWorkloads.draw(rnd, true, false);
        return rnd.nextBoolean() ? w : RandomWorkloads.zeroSomeCpu(w, rnd);
    }

    @ParameterizedTest
    @EnumSource(RtaMethod.class)
    void safeBoundsHoldWithCpuPriorities(RtaMethod m) {
        List<String> bad = new ArrayList<>();
        int bounded = 0;
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = draw(500_000L + 7919L * m.ordinal() + c);
            RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.SAFE);
            bounded += (int) r.tasks().stream().filter(b -> b.responseTime().isPresent()).count();
            bad.addAll(BoundVersusSimulationTest.violations(w, r, Simulator.run(w, m, H, 3 * H)));
        }
        assertThat(bad).as(bad.size() + " violations").isEmpty();
        // The check means something only if many bounds were below D.
        assertThat(bounded).isGreaterThan(CASES);
    }

    /** Audsley runs only where CPU priorities fail and then rarely succeeds: draw until enough did. */
    @ParameterizedTest
    @EnumSource(value = RtaMethod.class, names = {"GCAPS_BUSY", "GCAPS_SUSPEND"})
    void safeGcapsBoundsHoldWithTheAudsleyOrder(RtaMethod m) {
        List<String> bad = new ArrayList<>();
        int used = 0;
        for (int c = 0; c < 40 * CASES && used < CASES / 20; c++) {
            RtaWorkload w = draw(900_000L + c);
            RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.AUDSLEY, Variant.SAFE);
            if (r.audsleyUsed() && r.schedulable()) {
                used++;
                bad.addAll(BoundVersusSimulationTest.violations(w, r, Simulator.run(w, m, r.gpuPriorityOrder(), H, 3 * H)));
            }
        }
        assertThat(bad).isEmpty();
        assertThat(used).as("Audsley orders exercised").isGreaterThanOrEqualTo(CASES / 20);
    }
}
