package org.gpusched.explore.graph;

import java.util.Arrays;

/**
 * A vertex of the merged scheduling graph: one state (executed, ready) and the sorted start times
 * at which it was reached. The smallest time is the paper's t(v); the others are its dom list
 * (Delta = time - t(v)). Each time keeps the trail record of one path that reached it.
 */
final class Vertex {
    final int id;
    final StateKey key;
    final int depth;
    long[] times = new long[2];
    int[] trails = new int[2];
    int size;
    boolean expanded;
    /** Priority snapshot for time-ordered frontiers (times may be added while queued). */
    long queuedAt;
    /** Depth-first: the batches still to apply, when they are walked lazily (null otherwise). */
    LazyBatches lazy;
    /** The key's bookkeeping, null without merging. */
    KeyRecord record;

    Vertex(int id, StateKey key, int depth) {
        this.id = id;
        this.key = key;
        this.depth = depth;
    }

    long minTime() {
        return times[0];
    }

    /** Inserts a time not yet present, keeping the array sorted. */
    void add(long t, int trail) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            trails = Arrays.copyOf(trails, size * 2);
        }
        int pos = size;
        if (size > 0 && t < times[size - 1]) {
            pos = Arrays.binarySearch(times, 0, size, t);
            pos = pos < 0 ? -pos - 1 : pos;
        }
        System.arraycopy(times, pos, times, pos + 1, size - pos);
        System.arraycopy(trails, pos, trails, pos + 1, size - pos);
        times[pos] = t;
        trails[pos] = trail;
        size++;
    }

    /** Drops the times after t (dominated ones, see {@link StateStore}); returns how many. */
    int dropAfter(long t) {
        int pos = Arrays.binarySearch(times, 0, size, t);
        int keep = pos < 0 ? -pos - 1 : pos + 1;
        int dropped = size - keep;
        size = keep;
        return dropped;
    }
}
