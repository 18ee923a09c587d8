package org.gpusched.partition;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties on seeded random task sets (size with -Dgpusched.partition.cases=N; the default keeps
 * the build fast): every accepted plan uses at most M SMs, holds each task exactly once and passes
 * the independent {@link PlanChecker}; Lemma 1 rejecting means every heuristic rejects; the binary
 * merge search agrees with the linear one on monotone curves.
 */
class PartitionPropertyTest {
    static final int CASES = Integer.getInteger("gpusched.partition.cases", 300);

    static PartitionInput random(Random r) {
        long m = 2 + r.nextInt(20);
        int n = 1 + r.nextInt(10);
        List<KernelTask> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Kind kind = r.nextBoolean() ? Kind.COMPUTE : Kind.MEMORY;
            long period = 10 + r.nextInt(200);
            long deadline = Math.max(1, period * (50 + r.nextInt(51)) / 100);
            long work = 1 + r.nextInt((int) (period * 3));
            Curve c = r.nextInt(4) == 0
                    ? new Curve.Table(new long[] {1, 2, 4, 8}, new long[] {work, work / 2 + 1, work / 4 + 1, work / 8 + 1})
                    : new Curve.Amdahl(work, r.nextInt(5), 1);
            ts.add(KernelTask.of(i, "t" + i, period, deadline, kind, c, kind == Kind.MEMORY ? new BigDecimal("2.3")
                    : new BigDecimal("1.2")));
        }
        return new PartitionInput(m, ts);
    }

    @Test
    void acceptedPlansAreValidAndLemma1RejectionIsUniversal() {
        Random r = new Random(20211);
        int accepted = 0;
        int lemma1 = 0;
        for (int k = 0; k < CASES; k++) {
            PartitionInput in = random(r);
            PartitionTest test = PartitionTest.values()[k % 3];
            boolean overload = Partitioner.lemma1Load(in.tasks()).compareTo(Fraction.of(in.sms())) > 0;
            lemma1 += overload ? 1 : 0;
            for (Heuristic h : Heuristic.values()) {
                PartitionResult res = Partitioner.run(in, h, new PartitionOptions(test, false));
                if (overload && h != Heuristic.ONE_G) {
                    assertThat(res.schedulable()).as("case %d %s", k, h).isFalse();
                    assertThat(res.stage()).isEqualTo("lemma-1");
                }
                if (res.schedulable()) {
                    accepted++;
                    SmPartitionPlan plan = SmPartitionPlan.of(in, res);
                    assertThat(plan.usedSms()).isLessThanOrEqualTo(in.sms());
                    assertThat(PlanChecker.check(in, plan)).as("case %d %s %s", k, h, test).isEmpty();
                }
                if (test == PartitionTest.PER_TASK) {
                    PartitionResult bin = Partitioner.run(in, h, new PartitionOptions(test, true));
                    assertThat(bin.partitions()).as("case %d %s", k, h).isEqualTo(res.partitions());
                }
            }
        }
        // The generator must exercise both sides.
        assertThat(accepted).isGreaterThan(CASES / 2);
        assertThat(lemma1).isGreaterThan(0);
    }

    @Test
    void theCheckerCatchesABrokenPlan() {
        Random r = new Random(7);
        int caught = 0;
        for (int k = 0; k < 100; k++) {
            PartitionInput in = random(r);
            PartitionResult res = Partitioner.run(in, Heuristic.BF_INA, PartitionOptions.DEFAULT);
            if (!res.schedulable() || res.partitions().size() < 2) {
                continue;
            }
            SmPartitionPlan p = SmPartitionPlan.of(in, res);
            // Shrink the first partition by one SM too many: the union no longer passes or the range breaks.
            SmPartitionPlan.Partition p0 = p.partitions().get(0);
            List<SmPartitionPlan.Partition> parts = new ArrayList<>(p.partitions());
            parts.set(0, new SmPartitionPlan.Partition(p0.name(), p0.sms(), p0.firstSm(), p0.lastSm() + 1, p0.tasks()));
            assertThat(PlanChecker.check(in, new SmPartitionPlan(p.gpuSms(), p.test(), parts))).isNotEmpty();
            // Drop a task.
            parts.set(0, new SmPartitionPlan.Partition(p0.name(), p0.sms(), p0.firstSm(), p0.lastSm(),
                    p0.tasks().subList(1, p0.tasks().size())));
            assertThat(PlanChecker.check(in, new SmPartitionPlan(p.gpuSms(), p.test(), parts))).isNotEmpty();
            caught++;
        }
        assertThat(caught).isGreaterThan(5);
    }
}
