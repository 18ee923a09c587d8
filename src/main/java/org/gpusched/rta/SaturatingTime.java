package org.gpusched.rta;

/**
 * Saturating non-negative time arithmetic. Every value at or above {@link #INF} means "beyond any
 * deadline": a sum past the deadline is simply "> D", and an unknown higher-priority response time
 * is INF so that whatever depends on it is "> D" too (conservative, never an overflow).
 */
final class SaturatingTime {
    static final long INF = Long.MAX_VALUE / 4;

    private SaturatingTime() { }

    static long add(long a, long b) {
        long s = a + b;
        return a >= INF || b >= INF || s >= INF ? INF : s;
    }

    /**
     * a · b, INF past INF. No division: with the former overflow test {@code a > INF / b} a soak run
     * died on OpenJDK 17.0.15 with a fatal SIGFPE inside C2-compiled TsgRr code, dividend INF (a
     * division apparently scheduled above its b == 0 guard); the product's high half needs no divisor.
     */
    static long mul(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        if (a >= INF || b >= INF) {
            return INF;
        }
        long lo = a * b;
        return Math.multiplyHigh(a, b) != (lo >> 63) ? INF : Math.min(INF, lo);
    }

    /** ⌈a / b⌉ for b > 0; a negative numerator counts as 0 (a jitter larger than the window). */
    static long ceilDiv(long a, long b) {
        if (a <= 0) {
            return 0;
        }
        if (a >= INF) {
            return INF;
        }
        return (a + b - 1) / b;
    }

    /** a − b for a jitter: INF stays INF. */
    static long sub(long a, long b) {
        return a >= INF ? INF : a - b;
    }

    /** ⌈(r + j) / t⌉ · x, the workhorse of every interference term. */
    static long jobs(long r, long j, long t, long x) {
        long num = j >= INF ? INF : (j < 0 ? r + j : add(r, j));
        return mul(ceilDiv(num, t), x);
    }
}
