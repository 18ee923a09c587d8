package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every analysis bound is at least the response time the simulator observes for the same policy
 * (worst-case times, synchronous release, one hyperperiod of releases). The default count keeps
 * the suite fast; {@code -Drta.cases=20000} soaks.
 */
class BoundVersusSimulationTest {
    static final int CASES = Integer.getInteger("rta.cases", 400);
    static final long H = RandomWorkloads.HYPERPERIOD;

    /** Bound (when there is one) ≥ observed, per task; returns the violations found. */
    static List<String> violations(RtaWorkload w, RtaResult r, SimResult s) {
        List<String> bad = new ArrayList<>();
        for (TaskBound b : r.tasks()) {
            if (b.responseTime().isPresent() && s.observed(b.task()).getAsLong() > b.responseTime().getAsLong()) {
                bad.add(r.method().id() + " " + b.task() + ": bound " + b.responseTime().getAsLong() + " < observed "
                        + s.observed(b.task()).getAsLong() + "\n" + RandomWorkloads.describe(w));
            }
        }
        return bad;
    }

    /** Draws CASES workloads from {@code seedBase} on, optionally edits them, and checks the methods. */
    static List<String> check(long seedBase, List<RtaMethod> methods, java.util.function.UnaryOperator<RtaWorkload> edit,
                              Variant v) {
        List<String> bad = new ArrayList<>();
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = edit.apply(RandomWorkloads.draw(new SplittableRandom(seedBase + c), true, false));
            for (RtaMethod m : methods) {
                RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, v);
                bad.addAll(violations(w, r, Simulator.run(w, m, H, 3 * H)));
            }
        }
        return bad;
    }

    @Test
    void gcapsBoundsHoldWithCpuPriorities() {
        assertThat(check(0, List.of(RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND), w -> w, Variant.PAPER)).isEmpty();
    }

    @Test
    void gcapsBoundsHoldWithTheAudsleyOrder() {
        List<String> bad = new ArrayList<>();
        int used = 0;
        // Audsley runs only where CPU priorities fail and then rarely succeeds: draw until enough did.
        for (int c = 0; c < 40 * CASES && used < CASES / 8; c++) {
            RtaWorkload w = RandomWorkloads.draw(new SplittableRandom(100_000 + c), true, false);
            for (RtaMethod m : List.of(RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND)) {
                RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.AUDSLEY, Variant.PAPER);
                if (r.audsleyUsed() && r.schedulable()) {
                    used++;
                    bad.addAll(violations(w, r, Simulator.run(w, m, r.gpuPriorityOrder(), H, 3 * H)));
                }
            }
        }
        assertThat(bad).isEmpty();
        assertThat(used).as("Audsley orders exercised").isGreaterThanOrEqualTo(CASES / 8);
    }

    /** With θ = 0 the paper's TSG-RR analysis is exactly what is checked. */
    @Test
    void tsgRrPaperBoundsHoldWithoutContextSwitchCost() {
        assertThat(check(20_000, List.of(RtaMethod.TSG_RR_BUSY, RtaMethod.TSG_RR_SUSPEND), w -> withTheta(w, 0), Variant.PAPER))
                .isEmpty();
    }

    static RtaWorkload withTheta(RtaWorkload w, long theta) {
        RtaPlatform p = w.platform();
        return new RtaWorkload(w.tasks(), new RtaPlatform(p.cpus(), p.timeslice(), theta, p.runlistUpdate()));
    }

    /** Every CPU segment at least 1: a task runs on its CPU between two lock requests. */
    static RtaWorkload cpuBetweenRequests(RtaWorkload w) {
        return new RtaWorkload(w.tasks().stream().map(t -> new RtaTask(t.name(), t.period(), t.deadline(),
                t.cpu().stream().map(v -> Math.max(1L, v)).toList(), t.gpu(), t.core(), t.cpuPriority(),
                t.gpuPriority(), t.bestEffort())).toList(), w.platform());
    }

    /**
     * MPCP suspended and FMLP+ busy-waiting hold against the lock simulation when tasks run on their
     * CPU between requests (with zero-length CPU segments a task re-requests at once and both can be
     * exceeded; MPCP busy and FMLP+ suspended: FindingTest).
     */
    @Test
    void lockBoundsHoldWhenTasksComputeBetweenRequests() {
        assertThat(check(40_000, List.of(RtaMethod.MPCP_SUSPEND, RtaMethod.FMLP_PLUS_BUSY),
                BoundVersusSimulationTest::cpuBetweenRequests, Variant.PAPER)).isEmpty();
    }
}
