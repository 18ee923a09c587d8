package org.gpusched.explore.bound;

/**
 * Count vectors packed into a key of two words: each task's count in a bit field of its own,
 * within 63 bits of one word or the other (keys stay non-negative, the maps' empty mark being -1).
 * A field never spills into its neighbour, so one more kernel of a task adds a power of two.
 */
public final class CountFields {
    private final int[] shift;
    private final long[] field;
    private final boolean[] high;

    private CountFields(int[] shift, long[] field, boolean[] high) {
        this.shift = shift;
        this.field = field;
        this.high = high;
    }

    /**
     * Fields wide enough for counts up to {@code max}, leaving the top {@code spare} bits of the
     * second word free (for a tag of the caller's), or null when they need more than 126 - {@code spare} bits.
     */
    static CountFields of(int[] max, int spare) {
        int n = max.length;
        int[] shift = new int[n];
        long[] field = new long[n];
        boolean[] high = new boolean[n];
        int[] used = new int[2];
        for (int i = 0; i < n; i++) {
            int bits = 32 - Integer.numberOfLeadingZeros(max[i]);
            int word = used[0] + bits <= 63 ? 0 : 1;
            if (used[word] + bits > (word == 0 ? 63 : 63 - spare)) {
                return null;
            }
            high[i] = word == 1;
            shift[i] = used[word];
            field[i] = (1L << bits) - 1;
            used[word] += bits;
        }
        return new CountFields(shift, field, high);
    }

    /** What one more kernel of task i adds to its word. */
    long one(int i) {
        return 1L << shift[i];
    }

    /** Per unit, what one more kernel of its task adds to the first word (or the second): for lookups per batch. */
    long[] perUnit(int[] taskOf, boolean second) {
        long[] one = new long[taskOf.length];
        for (int u = 0; u < taskOf.length; u++) {
            one[u] = high[taskOf[u]] == second ? one(taskOf[u]) : 0;
        }
        return one;
    }

    /** What running one kernel of each task of {@code mask}'s units adds to the first word (or the second). */
    long step(long mask, int[] taskOf, boolean second) {
        long step = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            int i = taskOf[Long.numberOfTrailingZeros(b)];
            if (high[i] == second) {
                step += one(i);
            }
        }
        return step;
    }

    /**
     * Whether {@code next} (the layer of one more kernel done) holds, by time t, the state with one
     * more kernel of some task of the {@code ready} units done.
     */
    boolean oneMoreBy(MinMap next, long key, long hi, long t, long ready, int[] taskOf) {
        for (long b = ready; b != 0 && next != null; b &= b - 1) {
            int i = taskOf[Long.numberOfTrailingZeros(b)];
            if (high[i] ? next.get(key, hi + one(i)) <= t : next.get(key + one(i), hi) <= t) {
                return true;
            }
        }
        return false;
    }

    int count(int i, long key, long hi) {
        return (int) ((high[i] ? hi : key) >>> shift[i] & field[i]);
    }

    void decode(long key, long hi, int[] counts) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = count(i, key, hi);
        }
    }
}
