package org.gpusched.explore.graph;

import java.util.Arrays;

/**
 * Everything known about one state key: every start time at which it was ever reached (so a
 * (state, time) pair is expanded at most once) and the vertex still waiting for expansion that
 * new times can join (domination merge). The times are an open-addressing hash set of longs:
 * this is asked once per successor, the innermost operation of the exploration.
 */
final class KeyRecord {
    private static final long EMPTY = Long.MIN_VALUE;

    private long[] slots = {EMPTY, EMPTY};
    /** The trail record of the path kept for each time (parallel to {@link #slots}). */
    private int[] trails = new int[2];
    private int size;
    Vertex pending;
    /** From this start time on the key's state is settled (see {@link Learning#settledFrom}); MAX_VALUE: never. */
    final long settledFrom;
    /** The earliest time kept at which the state is settled (MAX_VALUE: none yet). */
    private long firstSettled = Long.MAX_VALUE;

    KeyRecord(long settledFrom) {
        this.settledFrom = settledFrom;
    }

    /**
     * Whether t is a later start of the settled state than one already kept: everything that
     * can be done from t can be done from the earlier time, shifted (docs/explorer.md).
     */
    boolean settledBefore(long t) {
        return firstSettled < t;
    }

    /** The trail record kept for time t, or -1 when the key was never reached at t. */
    int trailOf(long t) {
        int mask = slots.length - 1;
        for (int i = index(t, mask); ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == t) {
                return trails[i];
            }
            if (s == EMPTY) {
                return -1;
            }
        }
    }

    /** Adds a time not yet covered, with the trail record of the path that reached it. */
    void cover(long t, int trail) {
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        insert(slots, trails, t, trail);
        size++;
        if (t >= settledFrom && t < firstSettled) {
            firstSettled = t;
        }
    }

    private static int index(long t, int mask) {
        long h = t * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private static void insert(long[] table, int[] values, long t, int value) {
        int mask = table.length - 1;
        int i = index(t, mask);
        while (table[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        table[i] = t;
        values[i] = value;
    }

    private void grow() {
        long[] bigger = new long[slots.length * 2];
        int[] biggerTrails = new int[slots.length * 2];
        Arrays.fill(bigger, EMPTY);
        for (int k = 0; k < slots.length; k++) {
            if (slots[k] != EMPTY) {
                insert(bigger, biggerTrails, slots[k], trails[k]);
            }
        }
        slots = bigger;
        trails = biggerTrails;
    }
}
