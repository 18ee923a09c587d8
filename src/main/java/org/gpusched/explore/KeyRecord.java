package org.gpusched.explore;

import java.util.Arrays;

/**
 * Everything known about one state key: every start time at which it was ever reached (so a
 * (state, time) pair is expanded at most once) and the vertex still waiting for expansion that
 * new times can join (domination merge).
 */
final class KeyRecord {
    private long[] covered = new long[2];
    private int size;
    Vertex pending;

    boolean covers(long t) {
        return Arrays.binarySearch(covered, 0, size, t) >= 0;
    }

    void cover(long t) {
        if (size == covered.length) {
            covered = Arrays.copyOf(covered, size * 2);
        }
        int pos = -Arrays.binarySearch(covered, 0, size, t) - 1;
        System.arraycopy(covered, pos, covered, pos + 1, size - pos);
        covered[pos] = t;
        size++;
    }
}
