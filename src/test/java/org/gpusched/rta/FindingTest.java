package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The printed analyses below what the simulator observes (docs/rta.md, "Findings"), each with what
 * the SAFE variant gives instead. FINDING 1: the TSG round-robin interference I(ν, G) = (L + θ) · ν · ⌈G/L⌉ charges one
 * context switch per slice of the other contexts but none for switching back into the delayed
 * context. With every context change costing θ, a task can wait one θ per own slice longer.
 * Minimised by hand from the simulator's first counterexample.
 */
class FindingTest {
    /** k (GPU work 3) and i (GPU work 2) reach the GPU at 0; L = 1, θ = 1, no CPU time. */
    static RtaWorkload twoContexts() {
        return new RtaWorkload(List.of(
                new RtaTask("k", 20, 20, List.of(0L, 0L), List.of(new GpuSegment(0, 3)), 1, 2, 2, false),
                new RtaTask("i", 20, 20, List.of(0L, 0L), List.of(new GpuSegment(0, 2)), 0, 1, 1, false)),
                new RtaPlatform(2, 1, 1, 0));
    }

    @Test
    void tsgRrSuspendBoundIsBelowTheSimulatedResponseTime() {
        RtaWorkload w = twoContexts();
        // i: G + ν (L + θ) ⌈G/L⌉ = 2 + 1 · 2 · 2 = 6.
        RtaResult r = ResponseTimeAnalysis.analyze(w, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU, Variant.PAPER);
        assertThat(r.tasks().get(1).responseTime()).hasValue(6);
        // GPU: k 0–1 (first context, no switch), θ 1–2, i 2–3, θ 3–4, k 4–5, θ 5–6, i 6–7: i ends at 7.
        SimResult s = Simulator.run(w, RtaMethod.TSG_RR_SUSPEND, 20, 60);
        assertThat(s.observed("i")).hasValue(7);
        // Charging the switch back (θ per own slice): 6 + 1 · 2 = 8 ≥ 7.
        RtaResult fixed = ResponseTimeAnalysis.analyze(w, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU,
                Variant.SAFE);
        assertThat(fixed.tasks().get(1).responseTime()).hasValue(8);
    }

    @Test
    void theTimelineShowsTheThreeSwitches() {
        SimResult s = Simulator.run(twoContexts(), RtaMethod.TSG_RR_BUSY, 20, 60);
        assertThat(s.timeline().stream().filter(x -> x.resource().equals("gpu")).map(x -> x.what() + " " + x.task()
                + " " + x.from() + "-" + x.to()).toList()).containsExactly("gpu k 0-1", "switch i 1-2", "gpu i 2-3",
                "switch k 3-4", "gpu k 4-5", "switch i 5-6", "gpu i 6-7", "switch k 7-8", "gpu k 8-9");
    }

    /**
     * FINDING 2 (docs/rta.md): MPCP busy-waiting. B_pm charges a local lower-priority lock holder's
     * boosted Gm only, but a busy-waiting holder also spins at boosted priority while its Ge runs.
     * Shrunk from the simulator's first counterexample.
     */
    @Test
    void mpcpBusyMissesTheBoostedSpinOfALocalLowerHolder() {
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("low", 60, 58, List.of(3L, 3L, 1L), List.of(new GpuSegment(0, 2), new GpuSegment(0, 5)), 0,
                        3, 3, false),
                RandomWorkloads.cpuOnly("top", 24, 1, 0, 5)), new RtaPlatform(1, 1, 1, 1));
        // top: C = 1, no GPU, nothing above it; B_pm = Σ Gm of low = 0: bound 1.
        // low's second job: CPU 60–63, holds the lock, spins boosted 63–65 (exec 2), CPU 65–68, spins
        // boosted 68–73 (exec 5): top's job released at 72 runs 73–74: 2.
        // SAFE charges the holder's whole segment G: 1 + max G_{low,u} = 1 + 5 = 6 (budget ηg + 1 = 1).
        pin(w, RtaMethod.MPCP_BUSY, 1, 1, 2, 6);
    }

    /**
     * FINDING 3 (docs/rta.md): FMLP+ self-suspension. The simplified analysis charges a local
     * higher-priority task only its CPU demand C_h + Gm_h, but τi also waits for the lock while that
     * task's exec runs on the GPU. Shrunk from the simulator's first counterexample.
     */
    @Test
    void fmlpPlusSuspendMissesWaitingForALocalHigherRequest() {
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("lo", 40, 38, List.of(1L, 1L), List.of(new GpuSegment(0, 1)), 0, 2, 2, false),
                new RtaTask("hi", 24, 22, List.of(1L, 1L), List.of(new GpuSegment(0, 3)), 0, 3, 3, false)),
                new RtaPlatform(2, 3, 2, 1));
        // hi: 2 + 3 + B_l (lo: min(1, 2) · 1) = 6. lo: 2 + 1 + ⌈(R + 6 − 2)/24⌉ · 2 = 5 (no remote, no local lower).
        // hi 0–1, holds the lock, GPU 1–4; lo 1–2 then waits for the lock until 4; GPU 4–5; hi 4–5; lo 5–6.
        // SAFE adds ⌈(R + R_hi − Ge_hi)/T_hi⌉ Ge_hi = ⌈(R + 3)/24⌉ · 3 for lo: 5 + 3 = 8 (with hi's SAFE R 7:
        // ⌈(8 + 4)/24⌉ = 1). hi: 5 + B_l with 1 + ηg_hi = 2 occasions (finding 5): 5 + 2 · 1 = 7.
        pin(w, RtaMethod.FMLP_PLUS_SUSPEND, 0, 5, 6, 8);
        pin(w, RtaMethod.FMLP_PLUS_SUSPEND, 1, 6, 5, 7);
    }

    /**
     * FINDING 4 (docs/rta.md): a zero-length CPU segment lets a lock holder request again the moment it
     * releases (and a zero first segment, at its release), without its CPU: MPCP suspended charges a
     * local lower task only ηg_i + 1 boosted requests. Found by a random search among such workloads.
     */
    @Test
    void mpcpSuspendMissesBackToBackRequestsOfALocalLowerTask() {
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("low", 30, 23, List.of(0L, 0L, 1L), List.of(new GpuSegment(1, 3), new GpuSegment(1, 1)), 0,
                        1, 1, false),
                RandomWorkloads.cpuOnly("top", 20, 5, 0, 2)), new RtaPlatform(1, 4, 0, 1));
        // top: 5 + B_pm (budget ηg + 1 = 1: the largest Gm of low, 1) = 6.
        // low takes the lock at 0: misc boosted 0–1, exec 1–4 (top runs), requests again at 4 at once: misc
        // boosted 4–5; top runs 1–4 and 5–7.
        // SAFE charges every request of low in the window: θ_low = ⌈(R + 30 − 1 − 2)/30⌉ = 2 per segment,
        // 2 · (1 + 1) = 4: 5 + 4 = 9.
        pin(w, RtaMethod.MPCP_SUSPEND, 1, 6, 7, 9);
    }

    /** FINDING 4 for FMLP+ busy-waiting: B_l's 1 + z_i requests of a local lower task are too few. */
    @Test
    void fmlpPlusBusyMissesBackToBackRequestsOfALocalLowerTask() {
        RtaWorkload w = new RtaWorkload(List.of(
                RandomWorkloads.cpuOnly("top", 20, 1, 0, 2),
                new RtaTask("low", 20, 17, List.of(0L, 0L, 1L), List.of(new GpuSegment(2, 2), new GpuSegment(0, 1)), 0,
                        1, 1, false)), new RtaPlatform(1, 5, 1, 2));
        // top: 1 + B_l (min(1 + 0, 2 · ⌈(R + 20)/20⌉) · Lmax 4) = 5.
        // low holds the lock 0–4 (misc 0–2, spins 2–4), re-requests at once and spins 4–5: top runs 5–6.
        // SAFE: every request of low in the window, 2 · ⌈(R + 20)/20⌉ = 4, times Lmax 4: 1 + 16 = 17.
        pin(w, RtaMethod.FMLP_PLUS_BUSY, 0, 5, 6, 17);
    }

    /**
     * FINDING 5 (docs/rta.md): FMLP+ self-suspension lets a local lower task issue a request while τi's
     * exec runs on the GPU; granted when τi releases the lock, it then blocks τi's next CPU segment. The
     * simplified B_l allows 1 + z_i such blockings, z_i counting only waits for remote requests (0 here).
     * Found by the SAFE soak (20,000 workloads, 4 cases), shrunk by hand.
     */
    @Test
    void fmlpPlusSuspendMissesALowerRequestIssuedDuringTheOwnExec() {
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("lo", 24, 24, List.of(1L, 2L, 0L), List.of(new GpuSegment(2, 1), new GpuSegment(2, 1)), 0,
                        1, 1, false),
                new RtaTask("hi", 20, 15, List.of(0L, 1L), List.of(new GpuSegment(2, 2)), 0, 3, 3, false),
                RandomWorkloads.cpuOnly("mid", 24, 3, 0, 2)), new RtaPlatform(1, 5, 0, 0));
        // hi: 1 + 4 + B_l (min(1 + 0, ·) · Lmax_lo 3) = 8. Job released at 100: lo (released 96, after mid
        // 96–99) requests at 100 just before hi and holds the lock 100–103; hi: misc 103–105, exec 105–107;
        // meanwhile lo computes 105–107 and requests again, gets the lock at 107 and runs its misc boosted
        // 107–109: hi's last CPU segment runs 109–110: 10.
        // SAFE: 1 + ηg_hi = 2 occasions: 1 + 4 + 2 · 3 = 11.
        pin(w, RtaMethod.FMLP_PLUS_SUSPEND, 1, 8, 10, 11);
    }

    /** Task {@code i}: the printed bound, the simulated worst case (one hyperperiod, 120) and SAFE's bound. */
    private static void pin(RtaWorkload w, RtaMethod m, int i, long paper, long observed, long safe) {
        String name = w.tasks().get(i).name();
        assertThat(ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.PAPER).tasks().get(i).responseTime())
                .as("paper " + name).hasValue(paper);
        assertThat(Simulator.run(w, m, 120, 360).observed(name)).as("simulated " + name).hasValue(observed);
        assertThat(ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.SAFE).tasks().get(i).responseTime())
                .as("safe " + name).hasValue(safe);
    }
}
