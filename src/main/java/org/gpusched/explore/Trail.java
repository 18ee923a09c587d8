package org.gpusched.explore;

import java.util.Arrays;

/**
 * Parent links of every kept (state, time) pair, in flat arrays: record r says "reached by the
 * batch {@code mask[r]} started at {@code start[r]} from record {@code parent[r]}". Record 0 is
 * the initial state. Paths are rebuilt from here, so layers of vertices can be freed.
 */
final class Trail {
    private int[] parent = new int[1024];
    private long[] start = new long[1024];
    private long[] mask = new long[1024];
    private int size;

    Trail() {
        add(-1, 0, 0);
    }

    int add(int p, long s, long m) {
        if (size == parent.length) {
            int cap = size + (size >> 1);
            parent = Arrays.copyOf(parent, cap);
            start = Arrays.copyOf(start, cap);
            mask = Arrays.copyOf(mask, cap);
        }
        parent[size] = p;
        start[size] = s;
        mask[size] = m;
        return size++;
    }

    int parent(int r) { return parent[r]; }

    long start(int r) { return start[r]; }

    long mask(int r) { return mask[r]; }
}
