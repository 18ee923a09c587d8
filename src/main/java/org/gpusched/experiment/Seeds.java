package org.gpusched.experiment;

/**
 * Per-set seeds. A set's seed depends only on (base seed, scenario, U, n, index), never on which
 * other sets a run generates, so any one set can be regenerated alone and shards agree with
 * a whole run.
 */
public final class Seeds {
    private Seeds() { }

    public static long of(long base, Scenario scenario, double utilization, int tasks, int index) {
        // U is keyed by its value to 1e-6 so 1.0 from "--utilization 1" and from the sweep agree.
        return of(base, scenario.id().hashCode(), Math.round(utilization * 1_000_000), tasks, index);
    }

    /** The base seed and then each key mixed in turn: a pure function of all of them. */
    static long of(long base, long... keys) {
        long h = mix(base);
        for (long k : keys) {
            h = mix(h ^ k);
        }
        return h;
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood 2014). */
    private static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
