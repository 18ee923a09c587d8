package org.gpusched.partition;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The three within-partition tests on hand-computed partitions. */
class PartitionTestTest {
    /** A task taking {@code c} on any number of SMs. */
    static KernelTask fixed(int i, Kind kind, long c, long period, long deadline) {
        return KernelTask.of(i, "t" + i, period, deadline, kind, new Curve.Table(new long[] {1}, new long[] {c}),
                new BigDecimal("1.5"));
    }

    @Test
    void perTaskChargesTheConflictTimeOnlyWithTwoOfAKind() {
        KernelTask a = fixed(0, Kind.COMPUTE, 4, 10, 6);
        KernelTask b = fixed(1, Kind.MEMORY, 4, 10, 5);
        KernelTask c = fixed(2, Kind.COMPUTE, 4, 10, 6);
        assertThat(PartitionTest.PER_TASK.passes(List.of(a, b), 1)).isTrue();
        // a and c conflict: ⌈1.5·4⌉ = 6 <= 6; b alone of its kind stays 4.
        assertThat(PartitionTest.PER_TASK.passes(List.of(a, b, c), 1)).isTrue();
        assertThat(PartitionTest.PER_TASK.passes(List.of(a, fixed(1, Kind.COMPUTE, 4, 10, 5)), 1)).isFalse();
    }

    @Test
    void edfDemandBoundFailsAtTheFirstOverloadedDeadline() {
        // (C 2, T 4, D 4) and (C 3, T 6, D 5): U = 1, dbf(4) = 2, dbf(5) = 5, dbf(8) = 7, ... passes.
        assertThat(PartitionTest.EDF_DBF.passes(List.of(fixed(0, Kind.COMPUTE, 2, 4, 4),
                fixed(1, Kind.MEMORY, 3, 6, 5)), 1)).isTrue();
        // (2, 4, 2) and (3, 6, 4): dbf(4) = 2 + 3 = 5 > 4 although U = 1.
        assertThat(PartitionTest.EDF_DBF.passes(List.of(fixed(0, Kind.COMPUTE, 2, 4, 2),
                fixed(1, Kind.MEMORY, 3, 6, 4)), 1)).isFalse();
        // U > 1.
        assertThat(PartitionTest.EDF_DBF.passes(List.of(fixed(0, Kind.COMPUTE, 3, 4, 4),
                fixed(1, Kind.MEMORY, 3, 6, 6)), 1)).isFalse();
    }

    @Test
    void gfbIsTheDensityBoundOnMSms() {
        // Conflict factor 1, δ = C/D = 1/2 each. On 2 SMs the bound is 2 − 1/2 = 3/2: three pass, four do not.
        List<KernelTask> four = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            four.add(KernelTask.of(i, "t" + i, 4, 4, Kind.COMPUTE, new Curve.Table(new long[] {1}, new long[] {2}),
                    BigDecimal.ONE));
        }
        assertThat(PartitionTest.GFB.passes(four.subList(0, 3), 2)).isTrue();
        assertThat(PartitionTest.GFB.passes(four, 2)).isFalse();
        // On 1 SM: Σ = 1 <= 1 for two, not for three.
        assertThat(PartitionTest.GFB.passes(four.subList(0, 2), 1)).isTrue();
        assertThat(PartitionTest.GFB.passes(four.subList(0, 3), 1)).isFalse();
    }
}
