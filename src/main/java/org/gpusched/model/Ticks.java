package org.gpusched.model;

/**
 * Overflow-safe time arithmetic in ticks. Every sum or product of times saturates at
 * {@link #BEYOND} (2^63 - 1) instead of wrapping: the reader bounds hyperperiods, hence every
 * release and deadline, far below it ({@link TaskSet#MAX_HYPERPERIOD}), so a saturated time lies
 * beyond the horizon and any plain {@code end > deadline} test reads it as a miss. Differences
 * saturate the same way at both ends. Use these wherever times are added; never raw {@code +}.
 */
public final class Ticks {
    /** A time past every deadline: the value every overflowing sum saturates to. */
    public static final long BEYOND = Long.MAX_VALUE;

    private Ticks() { }

    /** a + b, saturating at {@link #BEYOND} (and at Long.MIN_VALUE for negative overflow). */
    public static long add(long a, long b) {
        long r = a + b;
        // Overflow iff both operands have the sign opposite to the result.
        if (((a ^ r) & (b ^ r)) < 0) {
            return a < 0 ? Long.MIN_VALUE : BEYOND;
        }
        return r;
    }

    /** a - b, saturating at both ends. */
    public static long sub(long a, long b) {
        long r = a - b;
        if (((a ^ b) & (a ^ r)) < 0) {
            return a < 0 ? Long.MIN_VALUE : BEYOND;
        }
        return r;
    }

    /** a * b for non-negative operands, saturating at {@link #BEYOND}. */
    public static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        if ((hi != 0 || lo < 0) && a >= 0 && b >= 0) {
            return BEYOND;
        }
        return lo;
    }
}
