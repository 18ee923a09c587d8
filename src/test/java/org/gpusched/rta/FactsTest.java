package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Facts that must hold between methods, modes and the simulator, on random workloads. */
class FactsTest {
    static final int CASES = Integer.getInteger("rta.cases", 400);

    /** Classic fixed-priority RTA (Joseph and Pandya), written independently: R = C + Σ_{hpp} ⌈R/T_h⌉ C_h. */
    static OptionalLong classic(RtaWorkload w, int i, long extra) {
        RtaTask t = w.tasks().get(i);
        long r = t.cpuTotal() + extra;
        while (true) {
            long next = t.cpuTotal() + extra;
            for (int h = 0; h < w.tasks().size(); h++) {
                RtaTask o = w.tasks().get(h);
                boolean higher = o.bestEffort() != t.bestEffort() ? t.bestEffort()
                        : o.cpuPriority() > t.cpuPriority();
                if (h != i && o.core() == t.core() && higher) {
                    next += (r + o.period() - 1) / o.period() * o.cpuTotal();
                }
            }
            if (next > t.deadline()) {
                return OptionalLong.empty();
            }
            if (next == r) {
                return OptionalLong.of(r);
            }
            r = next;
        }
    }

    static final List<RtaMethod> JITTER_ON_EVERY_TASK = List.of(RtaMethod.TSG_RR_SUSPEND, RtaMethod.MPCP_BUSY,
            RtaMethod.MPCP_SUSPEND, RtaMethod.FMLP_PLUS_BUSY, RtaMethod.FMLP_PLUS_SUSPEND);

    @Test
    void cpuOnlyWorkloadsGiveClassicFixedPriorityRta() {
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = RandomWorkloads.draw(new SplittableRandom(40_000 + c), c % 2 == 0, true);
            long eps = w.platform().epsilon();
            for (RtaMethod m : RtaMethod.values()) {
                RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.PAPER);
                for (int i = 0; i < w.tasks().size(); i++) {
                    // GCAPS still charges B^C = ε once: a lower task's runlist update (none here, but the
                    // analysis does not look); with ε = 0 it is the classic value too.
                    OptionalLong want = classic(w, i, m.gcaps() ? eps : 0);
                    OptionalLong got = r.tasks().get(i).responseTime();
                    if (JITTER_ON_EVERY_TASK.contains(m)) {
                        // These charge every local higher task the suspension jitter R_h − C_h, as printed;
                        // for CPU-only tasks that only adds pessimism: never below the classic value.
                        if (got.isPresent()) {
                            assertThat(want).as(m.id() + " case " + c).isPresent();
                            assertThat(got.getAsLong()).as(m.id() + " case " + c).isGreaterThanOrEqualTo(want.getAsLong());
                        }
                    } else {
                        assertThat(got).as(m.id() + " case " + c).isEqualTo(want);
                    }
                }
            }
        }
    }

    /** Synchronous release is the critical instant for FP on one core: the simulation meets the classic RTA. */
    @Test
    void cpuOnlySimulationIsExactlyTheClassicRta() {
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = RandomWorkloads.draw(new SplittableRandom(50_000 + c), false, true);
            SimResult s = Simulator.run(w, RtaMethod.TSG_RR_SUSPEND, RandomWorkloads.HYPERPERIOD,
                    3 * RandomWorkloads.HYPERPERIOD);
            for (int i = 0; i < w.tasks().size(); i++) {
                OptionalLong want = classic(w, i, 0);
                if (want.isPresent()) {
                    assertThat(s.observed(w.tasks().get(i).name())).as("case " + c).isEqualTo(want);
                }
            }
        }
    }

    /** The highest-priority task of a core has no local interference: busy-waiting costs it nothing. */
    @Test
    void topTaskOfACoreHasTheSameBoundBusyAndSuspended() {
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = RandomWorkloads.draw(new SplittableRandom(60_000 + c), true, false);
            for (RtaMethod[] pair : new RtaMethod[][] {{RtaMethod.TSG_RR_BUSY, RtaMethod.TSG_RR_SUSPEND},
                    {RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND}}) {
                RtaResult busy = ResponseTimeAnalysis.analyze(w, pair[0], GpuPriorityMode.CPU, Variant.PAPER);
                RtaResult susp = ResponseTimeAnalysis.analyze(w, pair[1], GpuPriorityMode.CPU, Variant.PAPER);
                for (int i : topOfEachCore(w)) {
                    // GCAPS: a top task's remote terms use R_h of GPU-higher tasks, which may differ busy vs
                    // suspended; compare only where no remote task is above it on the GPU.
                    if (pair[0] == RtaMethod.GCAPS_BUSY && gpuHigherElsewhere(w, i)) {
                        continue;
                    }
                    assertThat(busy.tasks().get(i).responseTime()).as(pair[0].id() + " case " + c)
                            .isEqualTo(susp.tasks().get(i).responseTime());
                }
            }
        }
    }

    @Test
    void audsleySchedulesWhateverCpuPrioritiesSchedule() {
        int rescued = 0;
        for (int c = 0; c < CASES * 2; c++) {
            RtaWorkload w = RandomWorkloads.draw(new SplittableRandom(80_000 + c), true, false);
            for (RtaMethod m : List.of(RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND)) {
                for (Variant v : Variant.values()) {
                    RtaResult cpu = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, v);
                    RtaResult aud = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.AUDSLEY, v);
                    if (cpu.schedulable()) {
                        assertThat(aud.schedulable()).isTrue();
                        assertThat(aud).isEqualTo(new RtaResult(m, v, GpuPriorityMode.AUDSLEY, true, cpu.tasks(),
                                cpu.gpuPriorityOrder(), false));
                    } else {
                        assertThat(aud.audsleyUsed()).isTrue();
                        rescued += aud.schedulable() ? 1 : 0;
                        if (aud.schedulable()) {
                            assertThat(sameOrderPerCore(w, aud.gpuPriorityOrder())).isTrue();
                        }
                    }
                }
            }
        }
        assertThat(rescued).as("sets Audsley rescues").isPositive();
    }

    @Test
    void artifactStopsAtTheFirstFailingTask() {
        // x (GPU-highest, core 0) cannot meet D = 10; y (core 1, CPU-only, below x) needs 3 + ε = 5.
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("x", 10, 10, List.of(4L, 4L), List.of(new GpuSegment(1, 4)), 0, 2, 2, false),
                RandomWorkloads.cpuOnly("y", 10, 3, 1, 1)), new RtaPlatform(2, 1, 1, 1));
        RtaResult paper = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU, Variant.PAPER);
        RtaResult artifact = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU,
                Variant.ARTIFACT);
        assertThat(paper.tasks().get(0).responseTime()).isEmpty();
        assertThat(paper.tasks().get(1).responseTime()).hasValue(5);
        assertThat(artifact.tasks().get(1).responseTime()).isEmpty();
        assertThat(artifact.tasks().get(1).schedulable()).isFalse();
    }

    @Test
    void extremeGpuPrioritiesOrderCorrectly() {
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("low", 10, 10, List.of(1L, 0L), List.of(new GpuSegment(0, 1)), 0, 1, Integer.MIN_VALUE, false),
                new RtaTask("high", 10, 10, List.of(1L, 0L), List.of(new GpuSegment(0, 1)), 1, 1, Integer.MAX_VALUE, false)),
                new RtaPlatform(2, 1, 0, 0));
        RtaResult r = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU, Variant.PAPER);
        assertThat(r.gpuPriorityOrder()).containsExactly("high", "low");
    }

    @Test
    void recordsRejectBrokenInvariants() {
        assertThatThrownBy(() -> new RtaTask("x", 10, 11, List.of(1L), List.of(), 0, 1, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RtaTask("x", 10, 10, List.of(1L), List.of(new GpuSegment(0, 1)), 0, 1, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RtaTask("x", 10, 10, List.of(0L), List.of(), 0, 1, 1, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RtaWorkload(List.of(RandomWorkloads.cpuOnly("a", 10, 1, 0, 1),
                RandomWorkloads.cpuOnly("b", 10, 1, 0, 1)), new RtaPlatform(1, 1, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RtaWorkload(List.of(RandomWorkloads.cpuOnly("a", 10, 1, 1, 1)),
                new RtaPlatform(1, 1, 0, 0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TaskBound("x", OptionalLong.empty(), false, true))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hugeTimesSaturateInsteadOfOverflowing() {
        long big = Long.MAX_VALUE / 8;
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("a", big, big, List.of(big / 4, big / 4), List.of(new GpuSegment(big / 8, big / 8)), 0, 2, 2,
                        false),
                new RtaTask("b", big, big, List.of(big / 2, 0L), List.of(new GpuSegment(0, big / 2)), 0, 1, 1, false)),
                new RtaPlatform(1, 1, 1, 1));
        for (RtaMethod m : RtaMethod.values()) {
            RtaResult r = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.AUDSLEY, Variant.PAPER);
            assertThat(r.tasks().get(1).responseTime()).as(m.id()).isEmpty();
        }
    }

    static List<Integer> topOfEachCore(RtaWorkload w) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < w.tasks().size(); i++) {
            RtaTask t = w.tasks().get(i);
            boolean top = !t.bestEffort();
            for (RtaTask o : w.tasks()) {
                top &= o == t || o.core() != t.core() || o.bestEffort() || o.cpuPriority() < t.cpuPriority();
            }
            if (top) {
                out.add(i);
            }
        }
        return out;
    }

    static boolean gpuHigherElsewhere(RtaWorkload w, int i) {
        RtaTask t = w.tasks().get(i);
        return w.tasks().stream().anyMatch(o -> o.core() != t.core() && !o.gpu().isEmpty() && !o.bestEffort()
                && o.gpuPriority() > t.gpuPriority());
    }

    static boolean sameOrderPerCore(RtaWorkload w, List<String> order) {
        for (RtaTask a : w.tasks()) {
            for (RtaTask b : w.tasks()) {
                if (a != b && a.core() == b.core() && !a.bestEffort() && !b.bestEffort()
                        && a.cpuPriority() > b.cpuPriority() && order.indexOf(a.name()) > order.indexOf(b.name())) {
                    return false;
                }
            }
        }
        return true;
    }
}
