package org.gpusched.explore.graph;

import org.gpusched.explore.result.SearchOrder;

import java.util.*;

/** The pending vertices, in the order a {@link SearchOrder} expands them. */
interface Frontier {
    void push(Vertex v);

    Vertex pop();

    boolean isEmpty();

    /** The lowest depth that may still be popped (layers below it can be freed). */
    int floorDepth();

    static Frontier of(SearchOrder order) {
        return switch (order) {
            case BFS, AUTO -> new Layered();
            case DFS -> new Queued(Collections.asLifoQueue(new ArrayDeque<>()));
            case EARLIEST_TIME_FIRST -> new Queued(new PriorityQueue<>(Comparator
                    .comparingLong((Vertex v) -> v.queuedAt).thenComparing(v -> -v.depth).thenComparingInt(v -> v.id)));
        };
    }

    /** One FIFO per depth; always expands the shallowest layer. Successors are always deeper. */
    final class Layered implements Frontier {
        private final List<ArrayDeque<Vertex>> layers = new ArrayList<>();
        private int floor;

        @Override
        public void push(Vertex v) {
            while (layers.size() <= v.depth) {
                layers.add(new ArrayDeque<>());
            }
            layers.get(v.depth).add(v);
        }

        @Override
        public Vertex pop() {
            while (floor < layers.size() && layers.get(floor).isEmpty()) {
                layers.set(floor, new ArrayDeque<>(0));
                floor++;
            }
            return floor < layers.size() ? layers.get(floor).poll() : null;
        }

        /** Up to {@code max} vertices at the head of layer {@code depth}, in the order they will be popped. */
        List<Vertex> following(int depth, int max) {
            return depth < layers.size() ? layers.get(depth).stream().limit(max).toList() : List.of();
        }

        @Override
        public boolean isEmpty() {
            // Asked before every pop of the search: a plain loop, no stream built each time.
            for (int d = floor; d < layers.size(); d++) {
                if (!layers.get(d).isEmpty()) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int floorDepth() {
            return floor;
        }
    }

    /** Depth-first (a stack) or earliest time first (ordered by the time each vertex was pushed with). */
    final class Queued implements Frontier {
        private final Queue<Vertex> queue;

        Queued(Queue<Vertex> queue) {
            this.queue = queue;
        }

        @Override
        public void push(Vertex v) {
            v.queuedAt = v.minTime();
            queue.add(v);
        }

        @Override
        public Vertex pop() { return queue.poll(); }

        @Override
        public boolean isEmpty() { return queue.isEmpty(); }

        @Override
        public int floorDepth() { return 0; }
    }
}
