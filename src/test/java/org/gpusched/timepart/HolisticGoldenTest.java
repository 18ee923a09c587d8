package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Holistic analysis on cases computed by hand (the derivations are in the comments). */
class HolisticGoldenTest {
    /** Steps from a compact spelling: positive = CPU WCET, negative = delay of that length. */
    static Flow flow(String name, long period, long deadline, int core, int prio, String partition, long... steps) {
        List<Step> s = new ArrayList<>();
        for (long x : steps) {
            s.add(x > 0 ? new Step.Cpu(x, x, "cpu") : new Step.Delay(-x, -x, true, "gpu"));
        }
        return new Flow(name, period, deadline, 0, 0, core, prio, partition, s, false);
    }

    private static FlowBound of(HolisticResult r, String name) {
        return r.flows().stream().filter(f -> f.flow().equals(name)).findFirst().orElseThrow();
    }

    /**
     * One CPU, two chains with a GPU delay between CPU steps. A (prio 2, T 20): 2, [5], 3.
     * B (prio 1, T 30): 4, [2], 1. Every step of a flow interferes with its other steps (spec step 2).
     * Round 1: A0 w = 2 + 3 = 5; delay 10 (best 7); A2 w = 3 + 2 = 5, R 15 (best 10).
     * B0 w = 4 + 2 + 3 + 1 = 10; delay 12 (best 6); B2 w = 1 + 2 + 3 + 4 = 10, R 22 (best 7).
     * Jitters: A2 = 10 − 7 = 3, B2 = 12 − 6 = 6. Round 2: every ceiling still 1, nothing changes.
     */
    @Test
    void two_chains_with_a_gpu_delay_between_cpu_steps() {
        HolisticResult r = Holistic.analyze(List.of(flow("A", 20, 20, 0, 2, null, 2, -5, 3),
                flow("B", 30, 30, 0, 1, null, 4, -2, 1)), null);
        FlowBound a = of(r, "A");
        FlowBound b = of(r, "B");
        assertThat(a.wcrt()).hasValue(15);
        assertThat(a.best()).isEqualTo(10);
        assertThat(a.jitter()).hasValue(5);
        assertThat(a.slack()).hasValue(5);
        assertThat(a.steps()).containsExactly(OptionalLong.of(5), OptionalLong.of(10), OptionalLong.of(15));
        assertThat(b.wcrt()).hasValue(22);
        assertThat(b.best()).isEqualTo(7);
        assertThat(b.jitter()).hasValue(15);
        assertThat(b.slack()).hasValue(8);
        assertThat(r.rounds()).isEqualTo(2);
        assertThat(r.schedulable()).isTrue();
        assertThat(r.minSlack()).hasValue(5);
    }

    /**
     * H (prio 2, T 10): 1, [4], 2 gives its last step a jitter of R 7 − best 5 = 2. L (prio 1, T 20,
     * one CPU step of 6): without jitter w = 6 + 1 + 2 = 9; with J(H2) = 2, at w = 9 the term
     * ⌈(9 + 2) / 10⌉ = 2, so w = 6 + 1·2 + 2·2 = 12 (then ⌈12/10⌉ = 2, ⌈14/10⌉ = 2: fixed).
     */
    @Test
    void a_chain_whose_jitter_feeds_another() {
        HolisticResult r = Holistic.analyze(List.of(flow("H", 10, 10, 0, 2, null, 1, -4, 2),
                flow("L", 20, 20, 0, 1, null, 6)), null);
        assertThat(of(r, "H").wcrt()).hasValue(10);
        assertThat(of(r, "L").wcrt()).hasValue(12);
        // The same CPU demand as one step has no jitter to pass on: w = 6 + 3 = 9.
        HolisticResult noJitterFeed = Holistic.analyze(List.of(flow("H", 10, 10, 0, 2, null, 3),
                flow("L", 20, 20, 0, 1, null, 6)), null);
        assertThat(of(noJitterFeed, "L").wcrt()).hasValue(9);
    }

    /** A (prio 2): 6 per 10; B (prio 1): 5 per 10: w = 5 + 6⌈w/10⌉ reaches 11 > 10. */
    @Test
    void a_case_that_fails() {
        HolisticResult r = Holistic.analyze(List.of(flow("A", 10, 10, 0, 2, null, 6),
                flow("B", 10, 10, 0, 1, null, 5)), null);
        assertThat(of(r, "A").wcrt()).hasValue(6);
        assertThat(of(r, "B").wcrt()).isEmpty();
        assertThat(of(r, "B").schedulable()).isFalse();
        assertThat(r.schedulable()).isFalse();
        assertThat(r.minSlack()).isEmpty();
    }

    /**
     * One flow 2, [3], 1 (T = D = 30) in a partition with the window [0, 4) of a 10-tick frame.
     * Step 0: demand 2 + 1 = 3, tsup(3) = 6 + 3 = 9. Delay: 12 (best 5). Step 2: demand 1 + 2 = 3,
     * R = 12 + 9 = 21. Round 2: J(step 2) = 12 − 5 = 7, ⌈(9 + 7)/30⌉ = 1: unchanged.
     */
    @Test
    void a_chain_inside_a_partition_waits_for_its_windows() {
        Platform.TimePartitions plan = new Platform.TimePartitions(10, 0, List.of(new Platform.Partition("P",
                List.of(new Platform.Window(0, 4, OptionalInt.empty())))));
        HolisticResult r = Holistic.analyze(List.of(flow("A", 30, 30, 0, 1, "P", 2, -3, 1)), plan);
        assertThat(of(r, "A").wcrt()).hasValue(21);
        assertThat(of(r, "A").best()).isEqualTo(6);
        assertThat(of(r, "A").jitter()).hasValue(15);
        HolisticResult tight = Holistic.analyze(List.of(flow("A", 20, 20, 0, 1, "P", 2, -3, 1)), plan);
        assertThat(of(tight, "A").wcrt()).isEmpty();
    }

    /** Flows of other partitions on the same core do not interfere: the plan separates them. */
    @Test
    void other_partitions_do_not_interfere() {
        Platform.TimePartitions plan = new Platform.TimePartitions(10, 0, List.of(
                new Platform.Partition("P", List.of(new Platform.Window(0, 5, OptionalInt.empty()))),
                new Platform.Partition("Q", List.of(new Platform.Window(5, 5, OptionalInt.empty())))));
        HolisticResult r = Holistic.analyze(List.of(flow("A", 20, 20, 0, 2, "P", 3),
                flow("B", 20, 20, 0, 1, "Q", 3)), plan);
        assertThat(of(r, "A").wcrt()).hasValue(8); // tsup(3) = 5 + 3
        assertThat(of(r, "B").wcrt()).hasValue(8);
    }
}
