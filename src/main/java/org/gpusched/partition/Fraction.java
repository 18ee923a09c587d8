package org.gpusched.partition;

import java.math.BigInteger;

/**
 * An exact non-negative rational: utilisations and densities are compared exactly, so a verdict
 * never depends on floating-point rounding.
 */
record Fraction(BigInteger num, BigInteger den) implements Comparable<Fraction> {
    static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);

    static Fraction of(long num, long den) {
        return new Fraction(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    static Fraction of(long v) {
        return of(v, 1);
    }

    Fraction plus(Fraction o) {
        if (den.equals(o.den)) {
            return new Fraction(num.add(o.num), den);
        }
        return reduce(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    Fraction times(long k) {
        return reduce(num.multiply(BigInteger.valueOf(k)), den);
    }

    private static Fraction reduce(BigInteger n, BigInteger d) {
        BigInteger g = n.gcd(d);
        return g.signum() == 0 || g.equals(BigInteger.ONE) ? new Fraction(n, d) : new Fraction(n.divide(g), d.divide(g));
    }

    @Override
    public int compareTo(Fraction o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    double value() {
        return new java.math.BigDecimal(num).divide(new java.math.BigDecimal(den), java.math.MathContext.DECIMAL64)
                .doubleValue();
    }
}
