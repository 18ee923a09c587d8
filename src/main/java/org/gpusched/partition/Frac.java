package org.gpusched.partition;

import java.math.BigInteger;

/**
 * An exact non-negative rational: utilisations and densities are compared exactly, so a verdict
 * never depends on floating-point rounding.
 */
record Frac(BigInteger num, BigInteger den) implements Comparable<Frac> {
    static final Frac ZERO = new Frac(BigInteger.ZERO, BigInteger.ONE);

    static Frac of(long num, long den) {
        return new Frac(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    static Frac of(long v) {
        return of(v, 1);
    }

    Frac plus(Frac o) {
        if (den.equals(o.den)) {
            return new Frac(num.add(o.num), den);
        }
        return reduce(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    Frac times(long k) {
        return reduce(num.multiply(BigInteger.valueOf(k)), den);
    }

    private static Frac reduce(BigInteger n, BigInteger d) {
        BigInteger g = n.gcd(d);
        return g.signum() == 0 || g.equals(BigInteger.ONE) ? new Frac(n, d) : new Frac(n.divide(g), d.divide(g));
    }

    @Override
    public int compareTo(Frac o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    double value() {
        return new java.math.BigDecimal(num).divide(new java.math.BigDecimal(den), java.math.MathContext.DECIMAL64)
                .doubleValue();
    }
}
