package org.gpusched.explore.graph;

import org.gpusched.explore.bound.LiveBound;

import java.util.Arrays;

/**
 * Latest start times per state (executed and ready set), shared by the workers of a split layer
 * in front of each worker's own {@link LiveBound} memo. Sibling vertices of a layer reach many
 * of the same successor states; with a memo per worker each of them paid the bounds again for a
 * state another worker had already bounded (half again the CPU on two threads, the bounds being
 * about half the search). The limit is a function of the state alone, so whichever worker stores
 * it, every reader gets the value one thread computes. Direct-mapped, lock-free: an entry is
 * immutable (final fields, so a reader that sees it sees it whole) and a newer one takes its slot.
 */
public final class SharedLimits {
    private static final int SLOTS = 1 << 17;

    private record Entry(long key, long ready, int[] counts, long limit) { }

    private final Entry[] slots = new Entry[SLOTS];

    /** {@code bounds.latestStart(counts, execHash, ready)}, asked of the shared table first. */
    long latestStart(LiveBound bounds, int[] counts, long execHash, long ready) {
        long key = execHash ^ (ready * 0x9E3779B97F4A7C15L);
        int slot = (int) (key ^ (key >>> 29)) & (SLOTS - 1);
        Entry e = slots[slot];
        if (e != null && e.key == key && e.ready == ready && (e.counts == counts || Arrays.equals(e.counts, counts))) {
            return e.limit;
        }
        long limit = bounds.latestStart(counts, execHash, ready);
        slots[slot] = new Entry(key, ready, counts, limit);
        return limit;
    }
}
