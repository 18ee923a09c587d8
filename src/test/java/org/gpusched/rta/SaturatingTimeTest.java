package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Saturating multiplication, division-free (SaturatingTime#mul), against BigInteger. */
class SaturatingTimeTest {
    @Test
    void mulSaturatesExactlyAtInf() {
        assertThat(SaturatingTime.mul(0, SaturatingTime.INF)).isZero();
        assertThat(SaturatingTime.mul(SaturatingTime.INF, 0)).isZero();
        assertThat(SaturatingTime.mul(SaturatingTime.INF, 1)).isEqualTo(SaturatingTime.INF);
        assertThat(SaturatingTime.mul(1L << 30, 1L << 31)).as("2^61 = INF + 1").isEqualTo(SaturatingTime.INF);
        assertThat(SaturatingTime.mul(SaturatingTime.INF - 1, 1)).isEqualTo(SaturatingTime.INF - 1);
        assertThat(SaturatingTime.mul(SaturatingTime.INF - 1, 2)).isEqualTo(SaturatingTime.INF);
        assertThat(SaturatingTime.mul(SaturatingTime.INF - 1, SaturatingTime.INF - 1)).isEqualTo(SaturatingTime.INF);
        SplittableRandom rnd = new SplittableRandom(1);
        for (int k = 0; k < 100_000; k++) {
            long a = rnd.nextLong(SaturatingTime.INF) >> rnd.nextInt(62);
            long b = rnd.nextLong(SaturatingTime.INF) >> rnd.nextInt(62);
            java.math.BigInteger p = java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b));
            long want = p.compareTo(java.math.BigInteger.valueOf(SaturatingTime.INF)) >= 0 ? SaturatingTime.INF : p.longValueExact();
            assertThat(SaturatingTime.mul(a, b)).as(a + " * " + b).isEqualTo(want);
        }
    }
}
