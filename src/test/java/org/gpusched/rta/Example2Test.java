package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Example 2 of the GCAPS paper (Table 2), as gcaps-rta.md states it; times in µs. */
class Example2Test {
    static final long MS = 1000;

    /** τ1..τ4, rate-monotonic CPU and GPU priorities, D = T; ε = 1 ms (α 0.8 + θ 0.2), L = 1 ms. */
    static RtaWorkload example2() {
        return new RtaWorkload(List.of(
                new RtaTask("tau1", 80 * MS, 80 * MS, List.of(2 * MS, 4 * MS, 3 * MS),
                        List.of(new GpuSegment(2 * MS, 4 * MS), new GpuSegment(2 * MS, 2 * MS)), 0, 4, 4, false),
                new RtaTask("tau2", 150 * MS, 150 * MS, List.of(40 * MS), List.of(), 0, 3, 3, false),
                new RtaTask("tau3", 190 * MS, 190 * MS, List.of(4 * MS, 30 * MS),
                        List.of(new GpuSegment(5 * MS, 80 * MS)), 1, 2, 2, false),
                new RtaTask("tau4", 200 * MS, 200 * MS, List.of(16 * MS, 2 * MS),
                        List.of(new GpuSegment(2 * MS, 10 * MS)), 0, 1, 1, false)),
                new RtaPlatform(2, 1000, 200, 800));
    }

    static List<OptionalLong> times(RtaResult r) {
        return r.tasks().stream().map(TaskBound::responseTime).toList();
    }

    @Test
    void gcapsSuspendWithCpuPrioritiesFailsTau4() {
        RtaResult r = ResponseTimeAnalysis.analyze(example2(), RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU,
                Variant.PAPER);
        assertThat(r.schedulable()).isFalse();
        assertThat(r.audsleyUsed()).isFalse();
        assertThat(times(r)).containsExactly(OptionalLong.of(26 * MS), OptionalLong.of(58 * MS),
                OptionalLong.of(153 * MS), OptionalLong.empty());
        assertThat(r.tasks().get(3).schedulable()).isFalse();
        assertThat(r.gpuPriorityOrder()).containsExactly("tau1", "tau2", "tau3", "tau4");
    }

    @Test
    void audsleyFindsTau1Tau2Tau4Tau3() {
        RtaResult r = ResponseTimeAnalysis.analyze(example2(), RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY,
                Variant.PAPER);
        assertThat(r.schedulable()).isTrue();
        assertThat(r.audsleyUsed()).isTrue();
        assertThat(r.gpuPriorityOrder()).containsExactly("tau1", "tau2", "tau4", "tau3");
        assertThat(times(r)).containsExactly(OptionalLong.of(26 * MS), OptionalLong.of(75 * MS),
                OptionalLong.of(187 * MS), OptionalLong.of(143 * MS));
    }

    @Test
    void artifactAudsleyGives137ForTau4() {
        RtaResult r = ResponseTimeAnalysis.analyze(example2(), RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY,
                Variant.ARTIFACT);
        assertThat(r.schedulable()).isTrue();
        assertThat(r.gpuPriorityOrder()).containsExactly("tau1", "tau2", "tau4", "tau3");
        assertThat(r.tasks().get(3).responseTime()).hasValue(137 * MS);
    }

    @Test
    void tsgRrSuspendTau1Is33point4() {
        RtaResult r = ResponseTimeAnalysis.analyze(example2(), RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU,
                Variant.PAPER);
        // 9 + 10 + 1.2 · 2 · (4 + 2) ms: ν = 2 other GPU tasks, ⌈4 ms / 1 ms⌉ + ⌈2 ms / 1 ms⌉ slices.
        assertThat(r.tasks().get(0).responseTime()).hasValue(33_400);
    }

    /**
     * SAFE: GCAPS needs no correction, so Example 2's GCAPS values are the paper's; TSG-RR gains one θ
     * per own slice (θ = 0.2 ms): τ1 9 + 10 + (1.2 · 2 + 0.2) · 6 = 34.6 ms; suspended τ4 30 + (2.4 + 0.2) · 10
     * + ⌈(R + 34.6 − 13)/80⌉ 13 + ⌈(R + 53 − 40)/150⌉ 40 = 122 ms (paper 120); busy τ2 40 + 13 + 3.8 · 6 = 75.8
     * ms (paper 74.6). The lock methods: Example 2 has no zero-length CPU segment and τ3, the only task
     * FMLP+ bounds, has nothing above it on its core: the paper's values.
     */
    @Test
    void safeValues() {
        RtaWorkload w = example2();
        for (RtaMethod m : List.of(RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND, RtaMethod.MPCP_BUSY,
                RtaMethod.MPCP_SUSPEND, RtaMethod.FMLP_PLUS_BUSY, RtaMethod.FMLP_PLUS_SUSPEND)) {
            for (GpuPriorityMode mode : GpuPriorityMode.values()) {
                RtaResult paper = ResponseTimeAnalysis.analyze(w, m, mode, Variant.PAPER);
                RtaResult safe = ResponseTimeAnalysis.analyze(w, m, mode, Variant.SAFE);
                assertThat(safe.tasks()).as(m.id() + " " + mode).isEqualTo(paper.tasks());
                assertThat(safe.gpuPriorityOrder()).isEqualTo(paper.gpuPriorityOrder());
            }
        }
        RtaResult aud = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY, Variant.SAFE);
        assertThat(aud.schedulable()).isTrue();
        assertThat(aud.gpuPriorityOrder()).containsExactly("tau1", "tau2", "tau4", "tau3");
        assertThat(times(aud)).containsExactly(OptionalLong.of(26 * MS), OptionalLong.of(75 * MS),
                OptionalLong.of(187 * MS), OptionalLong.of(143 * MS));
        RtaResult busy = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_BUSY, GpuPriorityMode.AUDSLEY, Variant.SAFE);
        assertThat(times(busy)).containsExactly(OptionalLong.of(26 * MS), OptionalLong.of(64 * MS),
                OptionalLong.of(187 * MS), OptionalLong.of(120 * MS));
        RtaResult rrSusp = ResponseTimeAnalysis.analyze(w, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU, Variant.SAFE);
        assertThat(times(rrSusp)).containsExactly(OptionalLong.of(34_600), OptionalLong.of(53 * MS),
                OptionalLong.empty(), OptionalLong.of(122 * MS));
        RtaResult rrBusy = ResponseTimeAnalysis.analyze(w, RtaMethod.TSG_RR_BUSY, GpuPriorityMode.CPU, Variant.SAFE);
        assertThat(times(rrBusy)).containsExactly(OptionalLong.of(34_600), OptionalLong.of(75_800),
                OptionalLong.empty(), OptionalLong.empty());
    }

    @Test
    void audsleyModeLeavesOtherFamiliesAlone() {
        for (RtaMethod m : List.of(RtaMethod.TSG_RR_SUSPEND, RtaMethod.MPCP_SUSPEND, RtaMethod.FMLP_PLUS_BUSY)) {
            RtaResult cpu = ResponseTimeAnalysis.analyze(example2(), m, GpuPriorityMode.CPU, Variant.PAPER);
            RtaResult aud = ResponseTimeAnalysis.analyze(example2(), m, GpuPriorityMode.AUDSLEY, Variant.PAPER);
            assertThat(aud.tasks()).isEqualTo(cpu.tasks());
            assertThat(aud.audsleyUsed()).isFalse();
        }
    }

    /** One hyperperiod: lcm(80, 150, 190, 200) ms = 22.8 s. */
    static final long HYPERPERIOD = 22_800 * MS;

    @Test
    void simulationStaysBelowEveryBoundAndShowsTau4ReallyMisses() {
        RtaWorkload w = example2();
        for (RtaMethod m : RtaMethod.values()) {
            for (GpuPriorityMode mode : GpuPriorityMode.values()) {
                RtaResult r = ResponseTimeAnalysis.analyze(w, m, mode, Variant.SAFE);
                SimResult s = Simulator.run(w, m, r.gpuPriorityOrder(), HYPERPERIOD, 2 * HYPERPERIOD);
                assertThat(s.jobs()).allMatch(SimJob::finished);
                assertThat(BoundVersusSimulationTest.violations(w, r, s)).as(m.id() + " " + mode).isEmpty();
                // Example 2 meets none of the findings' conditions badly enough: the paper's bounds hold too.
                RtaResult paper = ResponseTimeAnalysis.analyze(w, m, mode, Variant.PAPER);
                assertThat(BoundVersusSimulationTest.violations(w, paper, s)).as(m.id() + " " + mode).isEmpty();
            }
        }
        // GCAPS-suspend: with CPU priorities τ4's worst simulated job ends after 210 ms > D = 200 ms, so the
        // analysis' "τ4 fails" is no pessimism; in the Audsley order it takes 104 ms (bound 143 ms).
        SimResult cpu = Simulator.run(w, RtaMethod.GCAPS_SUSPEND, HYPERPERIOD, 2 * HYPERPERIOD);
        assertThat(cpu.observed("tau4")).hasValue(210 * MS);
        SimResult aud = Simulator.run(w, RtaMethod.GCAPS_SUSPEND, List.of("tau1", "tau2", "tau4", "tau3"), HYPERPERIOD,
                2 * HYPERPERIOD);
        assertThat(aud.observed("tau4")).hasValue(104 * MS);
        assertThat(aud.observed("tau3")).hasValue(153 * MS);
    }
}
