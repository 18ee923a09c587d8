package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SAFE only adds to PAPER: per task its bound is at least the paper's ("> D" where the paper's is), and
 * where no correction applies it is the paper's exactly: always for GCAPS (both modes, CPU and Audsley
 * priorities), for TSG-RR with θ = 0, for MPCP suspended and FMLP+ busy-waiting without zero-length
 * CPU segments before a GPU segment (MPCP: where every task that uses the GPU has a bound).
 */
class SafeIsPaperPlusTest {
    static final int CASES = SafeVersusSimulationTest.CASES;

    @Test
    void safeIsNeverBelowPaper() {
        for (int c = 0; c < CASES; c++) {
            RtaWorkload w = SafeVersusSimulationTest.draw(700_000L + c);
            for (RtaMethod m : RtaMethod.values()) {
                List<TaskBound> paper = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.PAPER).tasks();
                List<TaskBound> safe = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.SAFE).tasks();
                for (int i = 0; i < paper.size(); i++) {
                    String at = m.id() + " case " + c + " " + paper.get(i).task();
                    if (safe.get(i).responseTime().isPresent()) {
                        assertThat(paper.get(i).responseTime()).as(at).isPresent();
                        assertThat(safe.get(i).responseTime().getAsLong()).as(at)
                                .isGreaterThanOrEqualTo(paper.get(i).responseTime().getAsLong());
                    }
                    assertThat(!safe.get(i).schedulable() || paper.get(i).schedulable()).as(at).isTrue();
                }
            }
        }
    }

    @Test
    void safeIsPaperWhereNoCorrectionApplies() {
        int differ = 0;
        int mpcp = 0;
        for (int c = 0; c < CASES; c++) {
            RtaWorkload drawn = SafeVersusSimulationTest.draw(800_000L + c);
            for (GpuPriorityMode mode : GpuPriorityMode.values()) {
                for (RtaMethod m : List.of(RtaMethod.GCAPS_BUSY, RtaMethod.GCAPS_SUSPEND)) {
                    same(drawn, m, mode);
                }
            }
            RtaWorkload noTheta = BoundVersusSimulationTest.withTheta(drawn, 0);
            same(noTheta, RtaMethod.TSG_RR_BUSY, GpuPriorityMode.CPU);
            same(noTheta, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU);
            RtaWorkload cpuFirst = BoundVersusSimulationTest.cpuBetweenRequests(drawn);
            // Correction (6) applies only where a GPU task has no bound within its period.
            if (gpuTasksBounded(cpuFirst, RtaMethod.MPCP_SUSPEND)) {
                same(cpuFirst, RtaMethod.MPCP_SUSPEND, GpuPriorityMode.CPU);
                mpcp++;
            }
            same(cpuFirst, RtaMethod.FMLP_PLUS_BUSY, GpuPriorityMode.CPU);
            // The corrected methods do differ somewhere (else the equality above would prove nothing new).
            differ += ResponseTimeAnalysis.analyze(drawn, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU, Variant.SAFE)
                    .equals(ResponseTimeAnalysis.analyze(drawn, RtaMethod.TSG_RR_SUSPEND, GpuPriorityMode.CPU,
                            Variant.PAPER)) ? 0 : 1;
        }
        assertThat(differ).isPositive();
        assertThat(mpcp).as("MPCP sets compared").isGreaterThan(CASES / 4);
    }

    /** Every task that uses the GPU has a PAPER bound (so one within its period): (6) changes nothing. */
    private static boolean gpuTasksBounded(RtaWorkload w, RtaMethod m) {
        List<TaskBound> paper = ResponseTimeAnalysis.analyze(w, m, GpuPriorityMode.CPU, Variant.PAPER).tasks();
        return IntStream.range(0, paper.size())
                .allMatch(i -> w.tasks().get(i).gpuSegments() == 0 || paper.get(i).responseTime().isPresent());
    }

    private static void same(RtaWorkload w, RtaMethod m, GpuPriorityMode mode) {
        RtaResult paper = ResponseTimeAnalysis.analyze(w, m, mode, Variant.PAPER);
        RtaResult safe = ResponseTimeAnalysis.analyze(w, m, mode, Variant.SAFE);
        assertThat(safe.tasks()).as(m.id() + " " + mode).isEqualTo(paper.tasks());
        assertThat(safe.gpuPriorityOrder()).isEqualTo(paper.gpuPriorityOrder());
        assertThat(safe.audsleyUsed()).isEqualTo(paper.audsleyUsed());
        assertThat(safe.variant()).isEqualTo(Variant.SAFE);
    }
}
