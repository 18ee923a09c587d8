package org.gpusched.model;

import java.util.OptionalLong;

/** Overflow-safe least common multiple of the periods. */
public final class Hyperperiod {
    private Hyperperiod() { }

    static long gcd(long a, long b) {
        while (b != 0) {
            long r = a % b;
            a = b;
            b = r;
        }
        return a;
    }

    /** lcm of the periods, or empty when it does not fit in a long. */
    public static OptionalLong lcm(long[] periods) {
        long h = 1;
        for (long p : periods) {
            long g = gcd(h, p);
            try {
                h = Math.multiplyExact(h / g, p);
            } catch (ArithmeticException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.of(h);
    }
}
