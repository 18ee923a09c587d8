package org.gpusched.profile;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Which summary of a set's samples becomes its modelled completion time (the paper's section
 * 4.2: "worst-case, typical, or the average scenario according to the required target
 * guarantees"). Only {@code max} is a measured worst case; the others trade safety for
 * tightness, which the replay comparison and {@code loop} then check.
 */
public enum Statistic {
    /** The largest sample. */
    MAX,
    /** The 99th percentile, nearest rank: the ceil(0.99 n)-th smallest sample. */
    P99,
    /** The arithmetic mean, rounded up. */
    MEAN;

    public long of(long[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples");
        }
        return switch (this) {
            case MAX -> Arrays.stream(samples).max().getAsLong();
            case P99 -> {
                long[] s = samples.clone();
                Arrays.sort(s);
                yield s[(int) Math.ceil(0.99 * s.length) - 1];
            }
            case MEAN -> {
                BigInteger sum = Arrays.stream(samples).mapToObj(BigInteger::valueOf)
                        .reduce(BigInteger.ZERO, BigInteger::add);
                BigInteger[] qr = sum.divideAndRemainder(BigInteger.valueOf(samples.length));
                yield qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
            }
        };
    }
}
