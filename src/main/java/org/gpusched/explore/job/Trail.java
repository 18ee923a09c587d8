package org.gpusched.explore.job;

import org.gpusched.explore.result.MergeLevel;

import java.util.Arrays;

/**
 * Parent links of every kept (state, time) pair, in flat arrays: record r says "reached by the
 * batch {@code mask[r]} started at {@code start[r]} from record {@code parent[r]}". Record 0 is
 * the initial state. WitnessPaths are rebuilt from here, so layers of vertices can be freed.
 */
public final class Trail {
    private int[] parent = new int[1024];
    private long[] start = new long[1024];
    private long[] mask = new long[1024];
    /** Objective cost of the path up to and including this record (0 unless an objective is tracked). */
    private long[] cost = new long[1024];
    private int size;
    /**
     * When the explorer keys states canonically: the symmetry whose canonical forms the masks
     * name (each mask names the task slots of its parent's canonical state), else null (real jobs).
     */
    final Symmetry canonical;

    public Trail(Symmetry canonical) {
        this.canonical = canonical;
        add(-1, 0, 0, 0);
    }

    /** The symmetry states are keyed by under these options (null: real jobs, no canonical keys). */
    public static Symmetry keyedBy(Options opt, JobModel jm) {
        return opt.merge() == MergeLevel.CANONICAL && jm.learning.symmetry.any() ? jm.learning.symmetry : null;
    }

    public int add(int p, long s, long m, long c) {
        if (size == parent.length) {
            int cap = size + (size >> 1);
            parent = Arrays.copyOf(parent, cap);
            start = Arrays.copyOf(start, cap);
            mask = Arrays.copyOf(mask, cap);
            cost = Arrays.copyOf(cost, cap);
        }
        set(size, p, s, m, c);
        return size++;
    }

    /**
     * Replaces record r by a better path to the same (state, time). Only sound before the state
     * is expanded (no record has r as parent yet), which breadth-first order guarantees.
     */
    public void set(int r, int p, long s, long m, long c) {
        parent[r] = p;
        start[r] = s;
        mask[r] = m;
        cost[r] = c;
    }

    public long cost(int r) { return cost[r]; }

    int parent(int r) { return parent[r]; }

    long start(int r) { return start[r]; }

    long mask(int r) { return mask[r]; }
}
