package org.gpusched.copyexec;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two jobs (A of higher priority, B) released at 0, timed by hand per strategy, with one and two
 * copy engines. Ops are listed as kind@start-end per lane, in start order.
 */
class HandComputedTimelineTest {
    private static final CopyFixtures.T A = new CopyFixtures.T("A", 100, 50, 2, 4, 2);
    private static final CopyFixtures.T B = new CopyFixtures.T("B", 100, 60, 3, 3, 1);
    /** A's kernel is the longer one: B's kernel finishes first. */
    private static final CopyFixtures.T LONG_A = new CopyFixtures.T("A", 100, 50, 1, 6, 2);
    private static final CopyFixtures.T SHORT_B = new CopyFixtures.T("B", 100, 60, 1, 2, 1);
    /** B's long H2D copy blocks A's D2H on a single engine, not with two. */
    private static final CopyFixtures.T A2 = new CopyFixtures.T("A", 100, 50, 1, 2, 2);
    private static final CopyFixtures.T B2 = new CopyFixtures.T("B", 100, 60, 5, 1, 1);

    private static List<String> ops(CopySim s) {
        return s.ops().stream().map(o -> s.jobs().get(o.task()).task() + "." + o.kind().json() + "@" + o.start() + "-"
                + o.end() + "[" + o.lane() + "]").toList();
    }

    private static CopySim sim(int engines, Strategy s, CopyFixtures.T a, CopyFixtures.T b) {
        return CopySimulator.run(CopyFixtures.copy(engines, List.of(a, b)), s, null);
    }

    private static void jobs(CopySim s, long aStart, long aFinish, long bStart, long bFinish) {
        assertThat(s.jobs()).extracting(JobRun::start, JobRun::finish)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(aStart, aFinish),
                        org.assertj.core.groups.Tuple.tuple(bStart, bFinish));
    }

    @Test
    void traditionalRunsOneOperationAtATime() {
        for (int engines = 1; engines <= 2; engines++) {
            CopySim s = sim(engines, Strategy.TRADITIONAL, A, B);
            jobs(s, 0, 8, 8, 15);
            assertThat(s.ops()).extracting(Operation::start, Operation::end).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(0L, 2L), org.assertj.core.groups.Tuple.tuple(2L, 6L),
                    org.assertj.core.groups.Tuple.tuple(6L, 8L), org.assertj.core.groups.Tuple.tuple(8L, 11L),
                    org.assertj.core.groups.Tuple.tuple(11L, 14L), org.assertj.core.groups.Tuple.tuple(14L, 15L));
        }
    }

    @Test
    void interleaveOverlapsCopiesWithTheOtherKernelOneEngine() {
        CopySim s = sim(1, Strategy.INTERLEAVE, A, B);
        assertThat(ops(s)).containsExactlyInAnyOrder("A.h2d@0-2[copy engine]", "B.h2d@2-5[copy engine]",
                "A.kernel@2-6[kernel A]", "A.d2h@6-8[copy engine]", "B.kernel@6-9[kernel B]",
                "B.d2h@9-10[copy engine]");
        jobs(s, 0, 8, 2, 10);
    }

    @Test
    void concurrentRunsEligibleKernelsTogether() {
        CopySim s = sim(1, Strategy.CONCURRENT, A, B);
        assertThat(ops(s)).containsExactlyInAnyOrder("A.h2d@0-2[copy engine]", "A.kernel@2-6[kernel A]",
                "B.h2d@2-5[copy engine]", "B.kernel@5-8[kernel B]", "A.d2h@6-8[copy engine]",
                "B.d2h@8-9[copy engine]");
        jobs(s, 0, 8, 2, 9);
        // A finishes first: order issues the D2H copies as concurrent does.
        assertThat(ops(sim(1, Strategy.ORDER, A, B))).isEqualTo(ops(s));
    }

    @Test
    void concurrentKernelsTakeTheirPairTimesUnderSlowdown() {
        CopyWorkload w = CopyFixtures.copy(CopyFixtures.workload(1,
                "{\"model\":\"slowdown\",\"factors\":{\"A\":1.5,\"B\":2}}", null, List.of(A, B)));
        CopySim s = CopySimulator.run(w, Strategy.CONCURRENT, null);
        assertThat(ops(s)).containsExactlyInAnyOrder("A.h2d@0-2[copy engine]", "A.kernel@2-8[kernel A]",
                "B.h2d@2-5[copy engine]", "B.kernel@5-11[kernel B]", "A.d2h@8-10[copy engine]",
                "B.d2h@11-12[copy engine]");
    }

    @Test
    void anIneligiblePairSerialisesItsKernels() {
        // One SM holding one block: the two kernels cannot be resident together.
        String gpu = "{\"sms\":1,\"maxBlocksPerSm\":2,\"maxThreadsPerSm\":256}";
        CopyWorkload w = CopyFixtures.copy(CopyFixtures.workload(1, null, gpu, List.of(A, B)));
        assertThat(w.pairs().eligible(0, 1)).isFalse();
        CopySim c = CopySimulator.run(w, Strategy.CONCURRENT, null);
        CopySim i = CopySimulator.run(w, Strategy.INTERLEAVE, null);
        assertThat(ops(c)).isEqualTo(ops(i));
    }

    @Test
    void orderIssuesTheSecondJobsD2hFirstWhenItsKernelEndsFirst() {
        CopySim c = sim(1, Strategy.CONCURRENT, LONG_A, SHORT_B);
        assertThat(ops(c)).containsExactlyInAnyOrder("A.h2d@0-1[copy engine]", "A.kernel@1-7[kernel A]",
                "B.h2d@1-2[copy engine]", "B.kernel@2-4[kernel B]", "A.d2h@7-9[copy engine]",
                "B.d2h@9-10[copy engine]");
        CopySim o = sim(1, Strategy.ORDER, LONG_A, SHORT_B);
        assertThat(ops(o)).containsExactlyInAnyOrder("A.h2d@0-1[copy engine]", "A.kernel@1-7[kernel A]",
                "B.h2d@1-2[copy engine]", "B.kernel@2-4[kernel B]", "B.d2h@4-5[copy engine]",
                "A.d2h@7-9[copy engine]");
        jobs(o, 0, 9, 1, 5);
        // Two engines: the D2H engine is FIFO too, so concurrent still makes B wait for A's D2H.
        jobs(sim(2, Strategy.CONCURRENT, LONG_A, SHORT_B), 0, 9, 1, 10);
        jobs(sim(2, Strategy.ORDER, LONG_A, SHORT_B), 0, 9, 1, 5);
        jobs(sim(2, Strategy.INTERLEAVE, LONG_A, SHORT_B), 0, 9, 1, 10);
        jobs(sim(2, Strategy.TRADITIONAL, LONG_A, SHORT_B), 0, 9, 9, 13);
    }

    @Test
    void twoEnginesLetD2hPassAWaitingH2d() {
        CopySim one = sim(1, Strategy.INTERLEAVE, A2, B2);
        assertThat(ops(one)).containsExactlyInAnyOrder("A.h2d@0-1[copy engine]", "A.kernel@1-3[kernel A]",
                "B.h2d@1-6[copy engine]", "A.d2h@6-8[copy engine]", "B.kernel@6-7[kernel B]",
                "B.d2h@8-9[copy engine]");
        CopySim two = sim(2, Strategy.INTERLEAVE, A2, B2);
        assertThat(ops(two)).containsExactlyInAnyOrder("A.h2d@0-1[H2D engine]", "A.kernel@1-3[kernel A]",
                "B.h2d@1-6[H2D engine]", "A.d2h@3-5[D2H engine]", "B.kernel@6-7[kernel B]",
                "B.d2h@7-8[D2H engine]");
        jobs(two, 0, 5, 1, 8);
        // B's kernel starts after A's ended: concurrent has nothing to overlap.
        assertThat(ops(sim(2, Strategy.CONCURRENT, A2, B2))).isEqualTo(ops(two));
    }

    @Test
    void metricsAreOurs() {
        CopySim t = sim(1, Strategy.TRADITIONAL, new CopyFixtures.T("A", 100, 7, 2, 4, 2), B);
        // A finishes at 8 (deadline 7), B at 15 (deadline 60).
        assertThat(t.slack()).isEqualTo((7 - 8) + (60 - 15));
        assertThat(t.lateness()).isEqualTo(1);
        assertThat(t.shiftedLateness()).isEqualTo(2);
        assertThat(t.misses()).extracting(JobRun::task).containsExactly("A");
    }
}
