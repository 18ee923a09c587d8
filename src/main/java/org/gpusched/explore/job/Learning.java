package org.gpusched.explore.job;

import org.gpusched.model.TaskSet;

/**
 * What the explorer learns about states beyond their exact identity (docs/explorer.md, "Symmetric
 * tasks and settled states"): the classes of interchangeable tasks, whose permuted states share
 * one canonical key, and the time from which a state is settled (every job it still has to run
 * is released), from which on an earlier start dominates every later one of the same state.
 * Immutable; one per job model.
 */
public final class Learning {
    /** Deliberately wrong variants of the rules, for the mutation checks: each must be caught by brute force. */
    public enum Mutation {
        NONE,
        /** Symmetry: tasks that differ only in their relative deadline are merged. */
        SYMMETRY_IGNORES_DEADLINE,
        /** Symmetry: tasks that differ only in their kernels' wcet are merged. */
        SYMMETRY_IGNORES_WCET,
        /** Settled states: every state counts as settled (the "keep only the earliest time" rule). */
        SETTLED_ALWAYS
    }

    public final Symmetry symmetry;
    private final Mutation mutation;
    private final JobModel jm;
    /** Per task: the earliest start of its last kernel of the hyperperiod. */
    private final long[] lastRelease;

    Learning(TaskSet ts, JobModel jm, Mutation mutation) {
        this.mutation = mutation;
        this.jm = jm;
        this.symmetry = Symmetry.of(ts, jm, mutation);
        lastRelease = new long[jm.n];
        for (int i = 0; i < jm.n; i++) {
            lastRelease[i] = jm.readyTime(i, jm.items[i] - 1);
        }
    }

    /**
     * The earliest start time from which the state with these counts is settled: every kernel it
     * has still to run is released by then (Long.MIN_VALUE when nothing is left).
     */
    public long settledFrom(int[] counts) {
        if (mutation == Mutation.SETTLED_ALWAYS) {
            return Long.MIN_VALUE;
        }
        long from = Long.MIN_VALUE;
        for (int i = 0; i < jm.n; i++) {
            if (counts[i] < jm.items[i]) {
                from = Math.max(from, lastRelease[i]);
            }
        }
        return from;
    }
}
