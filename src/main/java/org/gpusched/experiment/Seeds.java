package org.gpusched.experiment;

/**
 * Per-set seeds. A set's seed depends only on its keys (the paper's sets: base seed, scenario, U, n,
 * index), never on which other sets a run generates, so any one set can be regenerated alone and
 * shards agree with a whole run.
 */
final class Seeds {
    private Seeds() { }

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
