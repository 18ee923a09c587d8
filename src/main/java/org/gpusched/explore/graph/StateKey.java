package org.gpusched.explore.graph;

import java.util.Arrays;

/**
 * The merge key of a vertex: executed set (completed jobs per task) and ready set (task mask).
 * The hash is the XOR of per-job random keys of the executed jobs, updated incrementally.
 */
final class StateKey {
    final int[] counts;
    final long ready;
    final long execHash;
    private final int hash;

    StateKey(int[] counts, long ready, long execHash) {
        this.counts = counts;
        this.ready = ready;
        this.execHash = execHash;
        long h = execHash ^ (ready * 0x9E3779B97F4A7C15L);
        h ^= h >>> 31;
        this.hash = (int) (h ^ (h >>> 32));
    }

    int depth() {
        int d = 0;
        for (int c : counts) {
            d += c;
        }
        return d;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        // Hash collisions are possible, so equality is always checked exactly.
        return o instanceof StateKey k && k.hash == hash && k.ready == ready && k.execHash == execHash
                && Arrays.equals(k.counts, counts);
    }
}
