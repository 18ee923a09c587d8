package org.gpusched.explore;

import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

/**
 * Every necessary condition a state must meet to have a feasible future: the dead-state and pair
 * rules ({@link PairBound}) and the demand bounds ({@link DemandBound}), as one latest start time.
 * A state reached later than that is dropped. Each rule is proved in docs/explorer.md; a
 * {@link Mutation} breaks one on purpose so that the tests can show the property tests catch it.
 */
final class LiveBound {
    /** Deliberately unsound variants, for the mutation checks only. */
    enum Mutation {
        NONE,
        /** Pair rule: every pair of ready jobs treated as unable to share a frame. */
        PAIRS_ALWAYS_APART,
        /** Staircase rule: every task in one clique, as if no two jobs could ever share a frame. */
        ONE_CLIQUE,
        /** Area rule: the GPU taken as half its size. */
        HALF_GPU
    }

    private final PairBound pairs;
    private final DemandBound demand;

    LiveBound(TaskSet ts, Oracle oracle, JobModel jm, Mutation mutation) {
        pairs = new PairBound(oracle, jm, mutation == Mutation.PAIRS_ALWAYS_APART);
        demand = new DemandBound(ts, oracle, jm, mutation);
    }

    /** The latest start at which a state with these completed jobs and this ready set is still alive. */
    long latestStart(int[] counts, long ready) {
        return Math.min(pairs.latestStart(counts, ready), demand.latestStart(counts));
    }

    DemandBound demand() {
        return demand;
    }
}
