package org.gpusched.rta;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Saturating multiplication, division-free (Sat#mul), against BigInteger. */
class SatTest {
    @Test
    void mulSaturatesExactlyAtInf() {
        assertThat(Sat.mul(0, Sat.INF)).isZero();
        assertThat(Sat.mul(Sat.INF, 0)).isZero();
        assertThat(Sat.mul(Sat.INF, 1)).isEqualTo(Sat.INF);
        assertThat(Sat.mul(1L << 30, 1L << 31)).as("2^61 = INF + 1").isEqualTo(Sat.INF);
        assertThat(Sat.mul(Sat.INF - 1, 1)).isEqualTo(Sat.INF - 1);
        assertThat(Sat.mul(Sat.INF - 1, 2)).isEqualTo(Sat.INF);
        assertThat(Sat.mul(Sat.INF - 1, Sat.INF - 1)).isEqualTo(Sat.INF);
        SplittableRandom rnd = new SplittableRandom(1);
        for (int k = 0; k < 100_000; k++) {
            long a = rnd.nextLong(Sat.INF) >> rnd.nextInt(62);
            long b = rnd.nextLong(Sat.INF) >> rnd.nextInt(62);
            java.math.BigInteger p = java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b));
            long want = p.compareTo(java.math.BigInteger.valueOf(Sat.INF)) >= 0 ? Sat.INF : p.longValueExact();
            assertThat(Sat.mul(a, b)).as(a + " * " + b).isEqualTo(want);
        }
    }
}
