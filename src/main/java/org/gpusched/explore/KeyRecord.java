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
    private int size;
    Vertex pending;

    boolean covers(long t) {
        int mask = slots.length - 1;
        for (int i = index(t, mask); ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == t) {
                return true;
            }
            if (s == EMPTY) {
                return false;
            }
        }
    }

    /** Adds a time not yet covered. */
    void cover(long t) {
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        insert(slots, t);
        size++;
    }

    private static int index(long t, int mask) {
        long h = t * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private static void insert(long[] table, long t) {
        int mask = table.length - 1;
        int i = index(t, mask);
        while (table[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        table[i] = t;
    }

    private void grow() {
        long[] bigger = new long[slots.length * 2];
        java.util.Arrays.fill(bigger, EMPTY);
        for (long s : slots) {
            if (s != EMPTY) {
                insert(bigger, s);
            }
        }
        slots = bigger;
    }
}
