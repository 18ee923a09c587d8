package org.gpusched.explore.graph;

import org.gpusched.model.Budget;

import java.util.Arrays;
import java.util.List;

/**
 * The successors of one vertex as a worker made them, in the order the {@link Expander} offered
 * them, with the expander's counters after each: {@link #insertInto} replays them into the store
 * exactly as a one-thread expansion would have offered them, stopping at the same successor
 * when the store stops there, with the counters as they were at that point. Expanding a vertex
 * of the current breadth-first layer reads only that vertex (its key, times and trails: no
 * successor lands in its own layer) and the oracle, so the list is what one thread would offer.
 */
final class BufferedSuccessors implements Sink {
    /** Per event: kind, depth or time index, time or end, parent trail, start, mask, cost, then the counters. */
    private static final int STRIDE = 11;
    private static final long OFFER = 0;
    private static final long END = 1;

    final Vertex vertex;
    /** The worker's expander while it fills this list (its counters are read after each successor). */
    private Expander counting;
    /** Costs of the paths kept for the vertex's times, copied before the workers start (null: not tracked). */
    private final long[] costs;
    private StateKey[] keys = new StateKey[8];
    private long[] events = new long[8 * STRIDE];
    private int size;
    /** The counters after the whole expansion. */
    private final long[] total = new long[4];
    /** A budget spent during the expansion (thrown at its place when replayed), or null. */
    private Budget.Exhausted failure;

    BufferedSuccessors(Vertex vertex, long[] costs) {
        this.vertex = vertex;
        this.costs = costs;
    }

    /** Expands the vertex with {@code x} into this list, keeping a spent budget to replay. */
    BufferedSuccessors fill(Expander x) {
        counting = x;
        x.sinkTo(this);
        x.resetCounters();
        try {
            x.expand(vertex, null);
        } catch (Budget.Exhausted e) {
            failure = e;
        }
        count(total, 0);
        return this;
    }

    /**
     * Offers the successors to the store in order (new vertices go to {@code created}) and adds the
     * expansion's counters to {@code counters}; stops where the store stops; rethrows a spent budget
     * at the point it was spent.
     */
    void insertInto(StateStore store, Expander counters, List<Vertex> created) {
        for (int i = 0; i < size; i++) {
            int at = i * STRIDE;
            long[] e = events;
            if (e[at] == OFFER) {
                store.offer(keys[i], (int) e[at + 1], e[at + 2], (int) e[at + 3], e[at + 4], e[at + 5], e[at + 6],
                        vertex, created);
            } else {
                store.reachedEnd(vertex, (int) e[at + 1], e[at + 5], e[at + 2], e[at + 6]);
            }
            if (store.stopped) {
                add(counters, e, at + 7);
                return;
            }
        }
        add(counters, total, 0);
        if (failure != null) {
            throw failure;
        }
    }

    private static void add(Expander x, long[] c, int at) {
        x.edges += c[at];
        x.pruned += c[at + 1];
        x.fastForwards += c[at + 2];
        x.splits += c[at + 3];
    }

    private void count(long[] into, int at) {
        into[at] = counting.edges;
        into[at + 1] = counting.pruned;
        into[at + 2] = counting.fastForwards;
        into[at + 3] = counting.splits;
    }

    @Override
    public int offer(StateKey key, int depth, long t, int parentTrail, long start, long mask, long cost,
                     Vertex from, List<Vertex> created) {
        record(key, OFFER, depth, t, parentTrail, start, mask, cost);
        return -1; // kept or not when the engine inserts the list
    }

    @Override
    public void reachedEnd(Vertex v, int j, long s, long end, long cost) {
        record(null, END, j, end, 0, 0, s, cost);
    }

    /** One event: its kind, the fields {@link #insertInto} reads back, and the counters now. */
    private void record(StateKey key, long kind, long depthOrIndex, long time, long parent, long start, long mask,
                        long cost) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            events = Arrays.copyOf(events, size * 2 * STRIDE);
        }
        keys[size] = key;
        int at = size++ * STRIDE;
        events[at] = kind;
        events[at + 1] = depthOrIndex;
        events[at + 2] = time;
        events[at + 3] = parent;
        events[at + 4] = start;
        events[at + 5] = mask;
        events[at + 6] = cost;
        count(events, at + 7);
    }

    @Override
    public boolean stopped() {
        return false;
    }

    @Override
    public long pathCost(Vertex v, int j) {
        return costs[j];
    }
}
