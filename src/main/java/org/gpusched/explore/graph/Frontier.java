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
            case DFS -> new Stack();
            case EARLIEST_TIME_FIRST -> new ByTime();
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
            List<Vertex> out = new ArrayList<>(Math.min(max, 64));
            if (depth < layers.size()) {
                for (java.util.Iterator<Vertex> it = layers.get(depth).iterator(); it.hasNext() && out.size() < max; ) {
                    out.add(it.next());
                }
            }
            return out;
        }

        @Override
        public boolean isEmpty() {
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

    final class Stack implements Frontier {
        private final ArrayDeque<Vertex> stack = new ArrayDeque<>();

        @Override
        public void push(Vertex v) { stack.push(v); }

        @Override
        public Vertex pop() { return stack.poll(); }

        @Override
        public boolean isEmpty() { return stack.isEmpty(); }

        @Override
        public int floorDepth() { return 0; }
    }

    final class ByTime implements Frontier {
        private final PriorityQueue<Vertex> queue = new PriorityQueue<>(Comparator
                .comparingLong((Vertex v) -> v.queuedAt).thenComparing(v -> -v.depth).thenComparingInt(v -> v.id));

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
