package org.gpusched.partition;

import org.gpusched.model.Ticks;

import java.math.BigInteger;

/**
 * One kernel task of the paper's model: τ = (T, D, kind, C^n(m), C^c(m)) with
 * C^c(m) = ⌈k · C^n(m)⌉, k the conflict factor of its kind as the exact fraction kNum / kDen.
 *
 * @param index the task's index in the workload (ties are broken by it)
 */
public record KernelTask(int index, String name, long period, long deadline, Kind kind, Curve curve, BigInteger kNum, BigInteger kDen) {

    public KernelTask {
        if (period <= 0 || deadline <= 0 || kNum.compareTo(kDen) < 0 || kDen.signum() <= 0) {
            throw new IllegalArgumentException("bad task " + name);
        }
    }

    /** C^n(m). */
    public long cn(long m) {
        return curve.at(m);
    }

    /** A task whose conflict factor is the decimal {@code k} (>= 1). */
    public static KernelTask of(int index, String name, long period, long deadline, Kind kind, Curve curve,
                           java.math.BigDecimal k) {
        java.math.BigDecimal x = k.stripTrailingZeros();
        BigInteger num = x.scale() <= 0 ? x.toBigIntegerExact() : x.unscaledValue();
        BigInteger den = x.scale() <= 0 ? BigInteger.ONE : BigInteger.TEN.pow(x.scale());
        return new KernelTask(index, name, period, deadline, kind, curve, num, den);
    }

    /** C^c(m) = ⌈k · C^n(m)⌉, saturating. */
    public long cc(long m) {
        long c = cn(m);
        if (c == Ticks.BEYOND) {
            return c;
        }
        BigInteger[] qr = BigInteger.valueOf(c).multiply(kNum).divideAndRemainder(kDen);
        BigInteger q = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
        return q.bitLength() < 63 ? q.longValue() : Ticks.BEYOND;
    }

    /** C_i(T(P), m): the conflict time when another task of P has this task's kind. */
    public long c(long m, boolean conflict) {
        return conflict ? cc(m) : cn(m);
    }
}
