package org.gpusched.explore;

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
        java.util.Arrays.fill(bigger, EMPTY);
        for (int k = 0; k < slots.length; k++) {
            if (slots[k] != EMPTY) {
                insert(bigger, biggerTrails, slots[k], trails[k]);
            }
        }
        slots = bigger;
        trails = biggerTrails;
    }
}
