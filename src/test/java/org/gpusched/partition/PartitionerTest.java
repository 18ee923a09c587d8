package org.gpusched.partition;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Hand-computed cases, one per lemma and algorithm step (docs/partitioning.md). */
class PartitionerTest {
    static final BigDecimal COMPUTE = new BigDecimal("1.2");
    static final BigDecimal MEMORY = new BigDecimal("2.3");

    /** A task with C^n(m) = ⌈work / m⌉. */
    static KernelTask task(int i, String name, Kind kind, long work, long period, long deadline) {
        return KernelTask.of(i, name, period, deadline, kind, new Curve.Amdahl(work, 0, 1),
                kind == Kind.MEMORY ? MEMORY : COMPUTE);
    }

    static PartitionResult run(long sms, Heuristic h, KernelTask... ts) {
        return Partitioner.run(new PartitionInput(sms, List.of(ts)), h, PartitionOptions.DEFAULT);
    }

    static List<List<Integer>> groups(PartitionResult r) {
        List<List<Integer>> out = new ArrayList<>();
        r.partitions().forEach(g -> {
            List<Integer> x = new ArrayList<>(g.tasks());
            x.add(-(int) g.sms()); // size after the members, negated to tell it apart
            out.add(x);
        });
        return out;
    }

    @Test
    void lemma1RejectsALoadAboveMBeforeAnySearch() {
        // C(1)/T = 6/4 each: load 3 > M = 2.
        for (Heuristic h : List.of(Heuristic.SMS_ACT, Heuristic.SMS_INA, Heuristic.BF_ACT, Heuristic.BF_INA)) {
            PartitionResult r = run(2, h, task(0, "a", Kind.COMPUTE, 6, 4, 4), task(1, "b", Kind.MEMORY, 6, 4, 4));
            assertThat(r.schedulable()).isFalse();
            assertThat(r.stage()).isEqualTo("lemma-1");
            assertThat(r.lemma1Load()).isEqualTo(3.0);
            assertThat(r.trialMerges()).isZero();
        }
    }

    @Test
    void lemma2GivesEachTaskItsSmallestSizeAndRejectsATaskNoSizeSaves() {
        // a: ⌈12/m⌉ <= 5 first at m = 3; b: ⌈40/m⌉ <= 9 never on 4 SMs (C(4) = 10).
        PartitionResult r = run(4, Heuristic.BF_INA, task(0, "a", Kind.COMPUTE, 12, 20, 5),
                task(1, "b", Kind.MEMORY, 40, 100, 9));
        assertThat(r.stage()).isEqualTo("lemma-2");
        assertThat(r.reason()).isEqualTo("Lemma 2: b misses its deadline even alone on all 4 SMs (time 10 > D = 9)");
        PartitionResult ok = run(4, Heuristic.BF_INA, task(0, "a", Kind.COMPUTE, 12, 20, 5));
        assertThat(groups(ok)).containsExactly(List.of(0, -3));
    }

    @Test
    void lemma3AcceptsWithoutMergingWhenTheInitialPartitionsFit() {
        // 3 + 2 SMs <= 5.
        PartitionResult r = run(5, Heuristic.SMS_INA, task(0, "a", Kind.COMPUTE, 12, 20, 5),
                task(1, "b", Kind.COMPUTE, 12, 20, 6));
        assertThat(r.schedulable()).isTrue();
        assertThat(r.stage()).isEqualTo("lemma-3");
        assertThat(r.trialMerges()).isZero();
        assertThat(groups(r)).containsExactly(List.of(0, -3), List.of(1, -2));
    }

    @Test
    void aMergeOfDifferentKindsSucceedsAtTheLargerSize() {
        // a (compute) and b (memory): ⌈12/m⌉ <= 6 at m = 2 each; Π = 4 > M = 3. Together no conflict:
        // m = 2 passes, so {a, b} on 2 SMs.
        for (Heuristic h : List.of(Heuristic.SMS_ACT, Heuristic.SMS_INA, Heuristic.BF_ACT, Heuristic.BF_INA)) {
            PartitionResult r = run(3, h, task(0, "a", Kind.COMPUTE, 12, 10, 6), task(1, "b", Kind.MEMORY, 12, 10, 6));
            assertThat(r.schedulable()).as(h.id()).isTrue();
            assertThat(groups(r)).containsExactly(List.of(0, 1, -2));
            assertThat(r.forbiddenPairs()).isZero();
        }
    }

    @Test
    void aMergeOfTwoMemoryKernelsFailsAndTheirPairIsForbidden() {
        // Both memory: alone m = 2; together C^c(2) = ⌈2.3·6⌉ = 14 > 6 and C^c(3) = ⌈2.3·4⌉ = 10 > 6:
        // the merge fails, the pair is forbidden, nothing else can be selected.
        for (Heuristic h : List.of(Heuristic.SMS_ACT, Heuristic.SMS_INA, Heuristic.BF_ACT, Heuristic.BF_INA)) {
            PartitionResult r = run(3, h, task(0, "a", Kind.MEMORY, 12, 10, 6), task(1, "b", Kind.MEMORY, 12, 10, 6));
            assertThat(r.schedulable()).isFalse();
            assertThat(r.stage()).isEqualTo("merge");
            assertThat(r.reason()).isEqualTo("no merge left: the partitions need 4 SMs > M = 3");
            assertThat(r.forbiddenPairs()).isEqualTo(1);
            assertThat(r.trialMerges()).as(h.id()).isEqualTo(1);
        }
    }

    @Test
    void actFillsTheForbiddenListFirstAndSoNeverTriesAForbiddenPartner() {
        // a, b memory (cannot merge), c compute; all need 2 SMs alone; M = 5 < Π = 6. U: a 0.75 > c 0.6 > b 0.5.
        KernelTask a = task(0, "a", Kind.MEMORY, 12, 8, 6);
        KernelTask b = task(1, "b", Kind.MEMORY, 12, 12, 6);
        KernelTask c = task(2, "c", Kind.COMPUTE, 12, 10, 6);
        // INA: P1 = a; best fit tries b first (U 0.5): fails and is forbidden; then c: {a, c} on 2 SMs.
        PartitionResult ina = run(5, Heuristic.BF_INA, a, b, c);
        assertThat(ina.trialMerges()).isEqualTo(2);
        assertThat(ina.forbiddenPairs()).isEqualTo(1);
        assertThat(groups(ina)).containsExactly(List.of(0, 2, -2), List.of(1, -2));
        // ACT: three trial merges first ((a,b) forbidden), then a's only partner is c: one more.
        PartitionResult act = run(5, Heuristic.BF_ACT, a, b, c);
        assertThat(act.trialMerges()).isEqualTo(4);
        assertThat(act.forbiddenPairs()).isEqualTo(1);
        assertThat(groups(act)).isEqualTo(groups(ina));
    }

    @Test
    void smsAndBfChooseDifferentPartners() {
        // x (U 1) is P1. y: small utilisation (0.1) but 4 SMs; z: U 0.3 on 2 SMs. Π = 8 > M = 6.
        // BF takes the partner of least U (y: merged size 4); SMS the smallest merge (z: size 2).
        KernelTask x = task(0, "x", Kind.COMPUTE, 12, 6, 6);
        KernelTask y = task(1, "y", Kind.MEMORY, 40, 100, 10);
        KernelTask z = task(2, "z", Kind.MEMORY, 12, 20, 6);
        assertThat(groups(run(6, Heuristic.BF_INA, x, y, z))).containsExactly(List.of(0, 1, -4), List.of(2, -2));
        assertThat(groups(run(6, Heuristic.SMS_INA, x, y, z))).containsExactly(List.of(0, 2, -2), List.of(1, -4));
    }

    @Test
    void oneGPutsEveryTaskOnAllSmsWithConflicts() {
        // Two memory kernels on 4 SMs: C^c(4) = ⌈2.3·3⌉ = 7 > 6, while each alone fits.
        PartitionResult r = run(4, Heuristic.ONE_G, task(0, "a", Kind.MEMORY, 12, 10, 6),
                task(1, "b", Kind.MEMORY, 12, 10, 6));
        assertThat(r.schedulable()).isFalse();
        assertThat(groups(r)).containsExactly(List.of(0, 1, -4));
        PartitionResult mixed = run(4, Heuristic.ONE_G, task(0, "a", Kind.COMPUTE, 12, 10, 6),
                task(1, "b", Kind.MEMORY, 12, 10, 6));
        assertThat(mixed.schedulable()).isTrue();
    }

    @Test
    void binarySearchFindsTheSameSizesAsTheLinearScan() {
        KernelTask a = task(0, "a", Kind.MEMORY, 100, 50, 40);
        KernelTask b = task(1, "b", Kind.COMPUTE, 90, 50, 30);
        KernelTask c = task(2, "c", Kind.COMPUTE, 70, 50, 20);
        PartitionInput in = new PartitionInput(8, List.of(a, b, c));
        for (Heuristic h : Heuristic.values()) {
            PartitionResult lin = Partitioner.run(in, h, PartitionOptions.DEFAULT);
            PartitionResult bin = Partitioner.run(in, h, new PartitionOptions(PartitionTest.PER_TASK, true));
            assertThat(groups(bin)).as(h.id()).isEqualTo(groups(lin));
        }
    }

    @Test
    void planRangesAreContiguousFromSmZeroWithSlack() {
        PartitionInput in = new PartitionInput(6, List.of(task(0, "x", Kind.COMPUTE, 12, 6, 6),
                task(1, "y", Kind.MEMORY, 40, 100, 10), task(2, "z", Kind.MEMORY, 12, 20, 6)));
        SmPartitionPlan p = SmPartitionPlan.of(in, Partitioner.run(in, Heuristic.SMS_INA, PartitionOptions.DEFAULT));
        assertThat(p.partitions()).extracting(SmPartitionPlan.Partition::firstSm, SmPartitionPlan.Partition::lastSm)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 1L), org.assertj.core.groups.Tuple.tuple(2L, 5L));
        // x on 2 SMs: 6, slack 0; z: 6, slack 0; y on 4: 10, slack 0.
        assertThat(p.partitions().get(0).tasks()).extracting(SmPartitionPlan.Slot::slack).containsExactly(0L, 0L);
        assertThat(p.scheduledWorkload()).isEqualTo(1.4); // 6/6 + 6/20 + 10/100
        assertThat(PlanChecker.check(in, p)).isEmpty();
    }
}
