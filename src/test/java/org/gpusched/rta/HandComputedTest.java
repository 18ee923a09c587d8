package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every method on one small workload, computed by hand from gcaps-rta.md (arithmetic below).
 * <pre>
 * L = 2, θ = 1, α = 1 (ε = 2); two cores. GPU order (gpuPriority): A > Cc > B > E.
 * A  core 0, T = D = 50,  cpu [2, 1], gpu (Gm 1, Ge 4), CPU prio 3   C 3, Gm 1, Ge 4, G 5
 * B  core 0, T = D = 100, cpu [10],   CPU-only,          CPU prio 2   C 10
 * Cc core 1, T = D = 80,  cpu [3, 2], gpu (2, 6),        CPU prio 3   C 5, Gm 2, Ge 6, G 8
 * E  core 1, T = D = 100, cpu [4, 1], gpu (1, 3),        best-effort  C 5, Gm 1, Ge 3, G 4
 * </pre>
 */
class HandComputedTest {
    static RtaWorkload hand() {
        return new RtaWorkload(List.of(
                new RtaTask("A", 50, 50, List.of(2L, 1L), List.of(new GpuSegment(1, 4)), 0, 3, 4, false),
                new RtaTask("B", 100, 100, List.of(10L), List.of(), 0, 2, 2, false),
                new RtaTask("Cc", 80, 80, List.of(3L, 2L), List.of(new GpuSegment(2, 6)), 1, 3, 3, false),
                new RtaTask("E", 100, 100, List.of(4L, 1L), List.of(new GpuSegment(1, 3)), 1, 1, 1, true)),
                new RtaPlatform(2, 2, 1, 1));
    }

    static void expect(RtaMethod m, long a, long b, long c, long e) {
        expect(m, Variant.PAPER, a, b, c, e);
    }

    static void expect(RtaMethod m, Variant v, long a, long b, long c, long e) {
        RtaResult r = ResponseTimeAnalysis.analyze(hand(), m, GpuPriorityMode.CPU, v);
        assertThat(r.tasks().stream().map(TaskBound::responseTime).toList()).as(m.id())
                .containsExactly(OptionalLong.of(a), OptionalLong.of(b), OptionalLong.of(c), OptionalLong.of(e));
        assertThat(r.schedulable()).isTrue();
        assertThat(r.tasks().get(3).bestEffort()).isTrue();
    }

    /**
     * ν = 2 for every GPU task (A, Cc, E); I(2, G) = 3 · 2 · ⌈G/2⌉.
     * A: 3 + 5 + I(2, 4) = 8 + 12 = 20. Cc: 13 + I(2, 6) = 13 + 18 = 31 (E, best-effort, is below it).
     * B: 10 + ⌈(R + 20 − 4)/50⌉ · 4 = 14. E: 9 + I(2, 3) = 21, + ⌈(R + 31 − 7)/80⌉ · 7 = 28.
     */
    @Test
    void tsgRrSuspend() {
        expect(RtaMethod.TSG_RR_SUSPEND, 20, 14, 31, 28);
    }

    /**
     * A, Cc as suspended (no local higher task). B: 10 + ⌈R/50⌉ (3 + 1) + ⌈R/50⌉ I(3, 4), with
     * |{Cc, E} ∪ {A}| = 3, I(3, 4) = 3 · 3 · 2 = 18: 32. E: 21 + ⌈R/80⌉ 7 + ⌈R/80⌉ I(|{A, E} ∪ {Cc}| = 3, 6)
     * = 21 + 7 + 27 = 55.
     */
    @Test
    void tsgRrBusy() {
        expect(RtaMethod.TSG_RR_BUSY, 20, 32, 31, 55);
    }

    /**
     * G* = G + 4, B^C = (η + 1) 2. A: 3 + 9 + 4 = 16. Cc: 17 + 4 + ⌈(R + 16 − 4)/50⌉ Ge*_A (8) = 29.
     * B (CPU-only): 10 + 2 + ⌈(R + 16 − 4)/50⌉ (C_A + Gm*_A = 8) = 20.
     * E: 13 + 4 + ⌈(R + 22)/80⌉ 11 + ⌈(R + 23)/80⌉ 6 + ⌈(R + 12)/50⌉ 8: 42, then 50 (⌈62/50⌉ = 2), fixed.
     */
    @Test
    void gcapsSuspend() {
        expect(RtaMethod.GCAPS_SUSPEND, 16, 20, 29, 50);
    }

    /**
     * A 16, Cc 29 as suspended. B: 12 + ⌈R/50⌉ (4 + Ge*_A 8) + ⌈(R + 29 − 6)/80⌉ Ge*_Cc (10) = 34 (Cc is
     * above B on the GPU: I^id). E: 17 + ⌈R/80⌉ (7 + 10) + ⌈(R + 12)/50⌉ 8 = 42, then 50.
     */
    @Test
    void gcapsBusy() {
        expect(RtaMethod.GCAPS_BUSY, 16, 34, 29, 50);
    }

    /**
     * W_A = 5, W_Cc = 8 + 5 = 13, W_E = 4 + 5 + 8 = 17.
     * A: 8 + B_dm,l (one request, largest lower W = 17) = 25.
     * Cc: β = 17 + (⌈(β + 25 − 4)/50⌉ + 1) 5 = 27; R = 13 + min(27, ⌈(R + 21)/50⌉) 5 + 17 + B_pm
     *     (E's Gm 1, φ = min(2, ⌈(R + 94)/100⌉) = 2) = 13 + 10 + 17 + 2 = 42.
     * B: 10 + ⌈(R + 25 − 4)/50⌉ 4 = 14.
     * E: β = 71 (17 + 3·5 + 3·13); R = 9 + ⌈(R + 21)/50⌉ 5 + ⌈(R + 35)/80⌉ 13 + ⌈(R + 35)/80⌉ 7 = 39.
     */
    @Test
    void mpcpSuspend() {
        expect(RtaMethod.MPCP_SUSPEND, 25, 14, 42, 39);
    }

    /** As suspended, X = G: B: 10 + ⌈(R + 25 − 8)/50⌉ 8 = 18; E: 9 + 10 + 13 + ⌈(R + 42 − 13)/80⌉ 13 = 45. */
    @Test
    void mpcpBusy() {
        expect(RtaMethod.MPCP_BUSY, 25, 18, 42, 45);
    }

    /**
     * Lmax A 5, Cc 8, E 4. A: 8 + B_r (Cc 8 + E 4) = 20. Cc: 13 + B_r (A 5) + B_l (E: min(1 + z = 2, 2) · 4 = 8)
     * = 26. B: 10 + ⌈(R + 20 − 4)/50⌉ 4 = 14. E: 9 + 5 + ⌈(R + 26 − 7)/80⌉ 7 = 21.
     */
    @Test
    void fmlpPlusSuspend() {
        expect(RtaMethod.FMLP_PLUS_SUSPEND, 20, 14, 26, 21);
    }

    /** As suspended, X = G: B: 10 + ⌈(R + 20 − 8)/50⌉ 8 = 18; E: 14 + ⌈(R + 26 − 13)/80⌉ 13 = 27. */
    @Test
    void fmlpPlusBusy() {
        expect(RtaMethod.FMLP_PLUS_BUSY, 20, 18, 26, 27);
    }

    /**
     * Artifact, suspension: Jc_h = T_h − (C_h + Gm_h). B: 10 + ⌈(R + 50 − 4)/50⌉ 4 = 18;
     * E: 21 + ⌈(R + 80 − 7)/80⌉ 7 = 35.
     */
    @Test
    void tsgRrSuspendArtifact() {
        expect(RtaMethod.TSG_RR_SUSPEND, Variant.ARTIFACT, 20, 18, 31, 35);
    }

    /**
     * Artifact, busy: a GPU-using h ∈ hpp adds ⌈R/T_h⌉ (C_h + Gm_h + G_h + I(ν', Ge_h)) (Gm twice), a
     * CPU-only one nothing. B (sorted index 2 of 4): ν' = |{Cc}| (GPU, hp \ hpp) + |{A}| (indices
     * 0 … 4 − 2 − 2 = 0): 2; 10 + 3 + 1 + 5 + I(2, 4) = 12 → 31. E (index 3): ν' = |{A}| + none: 1;
     * 21 + 5 + 2 + 8 + I(1, 6) = 9 → 45. The artifact itself (rtenlab/gcaps-super-repo 83fbe6cf,
     * default_driver.rt_test(tasks, True) with L = 2, θ = 1) gives A 20, Cc 31, B 31 (E, best-effort: none).
     */
    @Test
    void tsgRrBusyArtifact() {
        expect(RtaMethod.TSG_RR_BUSY, Variant.ARTIFACT, 20, 31, 31, 45);
    }

    /**
     * Where every task passes, the artifact's GCAPS and FMLP+ equal the paper's; its MPCP counts τi's
     * own requests in B_pm (π_l ≤ π_i read literally): A 27, Cc 46, B 14, as the artifact itself gives
     * (mpcp.rt_test(tasks, False), same commit; it bounds no best-effort task: E's 41 is ours).
     */
    @Test
    void otherArtifactAnalysesMatchThePaperHere() {
        expect(RtaMethod.GCAPS_SUSPEND, Variant.ARTIFACT, 16, 20, 29, 50);
        expect(RtaMethod.GCAPS_BUSY, Variant.ARTIFACT, 16, 34, 29, 50);
        expect(RtaMethod.MPCP_SUSPEND, Variant.ARTIFACT, 27, 14, 46, 41);
        expect(RtaMethod.FMLP_PLUS_BUSY, Variant.ARTIFACT, 20, 18, 26, 27);
    }

    @Test
    void ids() {
        for (RtaMethod m : RtaMethod.values()) {
            assertThat(RtaMethod.byId(m.id())).hasValue(m);
        }
        assertThat(RtaMethod.FMLP_PLUS_SUSPEND.id()).isEqualTo("fmlp+-suspend");
        assertThat(RtaMethod.byId("gcaps")).isEmpty();
    }
}
