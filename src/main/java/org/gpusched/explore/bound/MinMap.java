package org.gpusched.explore.bound;

import java.util.Arrays;

/**
 * A map from keys of two words (each non-negative) to the least long value offered for each, open
 * addressing with linear probing: the window relaxation keeps millions of states per layer, which
 * boxed maps would make several times slower and larger.
 */
public final class MinMap {
    private static final long EMPTY = -1;
    private long[] keys;
    private long[] highs;
    private long[] values;
    /** A tag per key, of the offer that set its value (null until a tagged offer). */
    private long[] tags;
    private int size;

    public MinMap() {
        keys = new long[16];
        highs = new long[16];
        values = new long[16];
        Arrays.fill(keys, EMPTY);
    }

    public int size() {
        return size;
    }

    /**
     * Keeps the smaller of {@code value} and the value already held for the key, with the tag of
     * the offer that set it (the first of equal values; 0: none); true if the key is new.
     */
    boolean offer(long key, long high, long value, long tag) {
        if (size * 2 >= keys.length) {
            grow();
        }
        if (tag != 0 && tags == null) {
            tags = new long[keys.length];
        }
        int mask = keys.length - 1;
        for (int p = slot(key, high, mask); ; p = (p + 1) & mask) {
            if (keys[p] == EMPTY) {
                keys[p] = key;
                highs[p] = high;
                values[p] = value;
                if (tags != null) {
                    tags[p] = tag;
                }
                size++;
                return true;
            }
            if (keys[p] == key && highs[p] == high) {
                if (value < values[p]) {
                    values[p] = value;
                    if (tags != null) {
                        tags[p] = tag;
                    }
                }
                return false;
            }
        }
    }

    /** The slot of the key, or -1. */
    int indexOf(long key, long high) {
        int mask = keys.length - 1;
        for (int p = slot(key, high, mask); ; p = (p + 1) & mask) {
            if (keys[p] == EMPTY) {
                return -1;
            }
            if (keys[p] == key && highs[p] == high) {
                return p;
            }
        }
    }

    long tagAt(int slot) {
        return tags == null ? 0 : tags[slot];
    }

    /** The value held for the key, or Long.MAX_VALUE. */
    public long get(long key, long high) {
        int p = indexOf(key, high);
        return p < 0 ? Long.MAX_VALUE : values[p];
    }

    /** Slot count; slots with {@link #keyAt} below 0 are empty. */
    public int slots() {
        return keys.length;
    }

    public long keyAt(int slot) {
        return keys[slot];
    }

    public long highAt(int slot) {
        return highs[slot];
    }

    public long valueAt(int slot) {
        return values[slot];
    }

    private static int slot(long key, long high, int mask) {
        long h = (key ^ Long.rotateLeft(high, 29) * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }

    private void grow() {
        long[] k = keys;
        long[] hk = highs;
        long[] v = values;
        long[] t = tags;
        keys = new long[k.length * 2];
        highs = new long[k.length * 2];
        values = new long[k.length * 2];
        tags = t == null ? null : new long[k.length * 2];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (int p = 0; p < k.length; p++) {
            if (k[p] != EMPTY) {
                offer(k[p], hk[p], v[p], t == null ? 0 : t[p]);
            }
        }
    }
}
