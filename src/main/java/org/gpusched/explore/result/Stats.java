package org.gpusched.explore.result;

import java.util.function.LongBinaryOperator;

/**
 * What an exploration did.
 *
 * @param vertices     vertices created (a vertex of the merged graph holds one or more start times)
 * @param states       distinct (state, time) pairs kept
 * @param edges        successor frames that met their deadlines
 * @param merges       successors absorbed by an existing vertex (same state, possibly another time)
 * @param splits       expansions whose successors diverged into several ready sets (Lemma 3.10)
 * @param fastForwards idle intervals skipped (Algorithm 4)
 * @param pruned       successors cut by a deadline (frame end or dead state)
 * @param maxDepth     most jobs completed on any path reached
 * @param elapsedNanos analysis time
 * @param peakHeapBytes heap in use at the largest sample
 */
public record Stats(long vertices, long states, long edges, long merges, long splits, long fastForwards,
                    long pruned, int maxDepth, long elapsedNanos, long peakHeapBytes) {

    public static final Stats EMPTY = new Stats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Two engines' work together: counts summed, the deepest path and heap peak the larger, times by {@code time}. */
    public static Stats plus(Stats a, Stats b, LongBinaryOperator time) {
        return new Stats(a.vertices() + b.vertices(), a.states() + b.states(), a.edges() + b.edges(),
                a.merges() + b.merges(), a.splits() + b.splits(), a.fastForwards() + b.fastForwards(),
                a.pruned() + b.pruned(), Math.max(a.maxDepth(), b.maxDepth()),
                time.applyAsLong(a.elapsedNanos(), b.elapsedNanos()), Math.max(a.peakHeapBytes(), b.peakHeapBytes()));
    }

    public double elapsedMillis() {
        return elapsedNanos / 1e6;
    }
}
