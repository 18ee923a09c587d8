package org.gpusched.explore.graph;

import java.util.List;

/**
 * Where an {@link Expander} sends the successors of a vertex, in the order it makes them: the
 * {@link StateStore} itself (one thread: offers are kept at once), or a {@link BufferedSuccessors}
 * list that a worker fills and the engine later inserts into the store in vertex order (the split
 * breadth-first layer).
 */
interface Sink {
    /**
     * Offers (key, t) reached from time {@code parentTrail}'s path by batch {@code mask} started at
     * {@code start}; returns the trail record kept for it, or -1 when none is (yet).
     */
    int offer(StateKey key, int depth, long t, int parentTrail, long start, long mask, long cost, Vertex from,
              List<Vertex> created);

    /** A path from time j of v that completed every job. */
    void reachedEnd(Vertex v, int j, long s, long end, long cost);

    /** Whether the exploration stopped (no more successors are wanted). */
    boolean stopped();

    /** The objective cost of the path kept for time j of v (asked only when costs are tracked). */
    long pathCost(Vertex v, int j);
}
