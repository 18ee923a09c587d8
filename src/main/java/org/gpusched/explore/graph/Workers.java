package org.gpusched.explore.graph;

import java.util.concurrent.ExecutorService;

/**
 * The threads one analysis may use: {@code threads} in all, the analysis's own thread included,
 * so {@code pool} (null with one thread) runs up to {@code threads - 1}; {@code round} vertices of a
 * breadth-first layer are handed out at a time ({@link LayerSplit#ROUND}; tests take fewer).
 */
public record Workers(ExecutorService pool, int threads, int round) {
    public static final Workers ONE = new Workers(null, 1, LayerSplit.ROUND);

    boolean split() {
        return pool != null && threads >= 2;
    }
}
