package org.gpusched.explore.result;

/**
 * Where one analysis spent its time (wall clock of the threads that did the work, summed): the
 * checks before any search (the global demand check and the greedy runs with their replay), the
 * per-state necessary conditions inside the search, and the rest of the search (expansion:
 * batches, successors, merging). With two threads the search's parts add both engines' time.
 */
public record Phases(long checksNanos, long boundNanos, long searchNanos) {
    public static final Phases NONE = new Phases(0, 0, 0);

    /** The search's own work, bounds excluded. */
    public long expansionNanos() {
        return Math.max(0, searchNanos - boundNanos);
    }

    public Phases plus(Phases o) {
        return new Phases(checksNanos + o.checksNanos, boundNanos + o.boundNanos, searchNanos + o.searchNanos);
    }
}
