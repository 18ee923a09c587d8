package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.Arrays;

/**
 * Every necessary condition a state must meet to have a feasible future: the dead-state and pair
 * rules ({@link PairBound}) and the demand bounds ({@link DemandBound}), as one latest start time.
 * A state reached later than that is dropped. Each rule is proved in docs/explorer.md; a
 * {@link Mutation} breaks one on purpose so that the tests can show the property tests catch it.
 * One instance per engine (scratch space and a memo: single-threaded).
 */
public final class LiveBound {
    /** Deliberately unsound variants, for the mutation checks only. */
    public enum Mutation {
        NONE,
        /** Pair rule: every pair of ready jobs treated as unable to share a frame. */
        PAIRS_ALWAYS_APART,
        /** Staircase rule: every task in one clique, as if no two jobs could ever share a frame. */
        ONE_CLIQUE,
        /** Area rule: the GPU taken as half its size. */
        HALF_GPU,
        /** Slowed staircase: a lone frame charged its kernel's slowed time, as if it ran in parallel. */
        SLOWED_SOLO,
        /** Demand bounds: the jobs due by the next deadline of the hyperperiod counted as due by this one. */
        DUE_ONE_LATE
    }

    private final PairBound pairs;
    private final DemandBound demand;

    public LiveBound(TaskSet ts, Oracle oracle, JobModel jm, Mutation mutation) {
        pairs = new PairBound(oracle, jm, mutation == Mutation.PAIRS_ALWAYS_APART);
        demand = new DemandBound(ts, oracle, jm, mutation);
        allocate(1 << 8);
    }

    /**
     * The latest start at which a state with these completed kernels and this ready set is still
     * alive; {@code execHash} is the state key's hash of {@code counts}, which must not change later.
     */
    public long latestStart(int[] counts, long execHash, long ready) {
        long key = execHash ^ (ready * 0x9E3779B97F4A7C15L);
        int slot = (int) (key ^ (key >>> 29)) & (memoCounts.length - 1);
        int at = 3 * slot;
        int[] c = memoCounts[slot];
        if (c != null && memo[at] == key && memo[at + 1] == ready && (c == counts || Arrays.equals(c, counts))) {
            return memo[at + 2];
        }
        long t0 = System.nanoTime();
        long limit = Math.min(pairs.latestStart(counts, ready), demandLimit(counts, execHash));
        nanos += System.nanoTime() - t0;
        if (++misses > 2L * memoCounts.length && memoCounts.length < MAX_SLOTS) {
            // Small sets stay cheap to start; large searches get a larger memo (its contents are dropped).
            allocate(memoCounts.length * 4);
            slot = (int) (key ^ (key >>> 29)) & (memoCounts.length - 1);
            at = 3 * slot;
        }
        memo[at] = key;
        memo[at + 1] = ready;
        memo[at + 2] = limit;
        memoCounts[slot] = counts;
        return limit;
    }

    /**
     * The demand bounds depend on the executed set only, and successors of one batch that reach
     * different ready sets (or the same executed set by other batches) share it: a second
     * direct-mapped memo by executed set, exact by the same equality check.
     */
    private long demandLimit(int[] counts, long execHash) {
        int slot = (int) (execHash ^ (execHash >>> 31)) & (demandCounts.length - 1);
        int[] c = demandCounts[slot];
        if (c != null && demandMemo[2 * slot] == execHash && (c == counts || Arrays.equals(c, counts))) {
            return demandMemo[2 * slot + 1];
        }
        long limit = demand.latestStart(counts);
        demandMemo[2 * slot] = execHash;
        demandMemo[2 * slot + 1] = limit;
        demandCounts[slot] = counts;
        return limit;
    }

    private void allocate(int slots) {
        demandMemo = new long[2 * slots];
        demandCounts = new int[slots][];
        memo = new long[3 * slots];
        memoCounts = new int[slots][];
        misses = 0;
    }

    /**
     * Limits by state (executed set and ready set), direct-mapped (a newer state takes the slot):
     * the search asks once per successor group, so for the same state again and again, and the
     * rules cost O(n^2) each time (a profile of 12-task sets had them at 85 % of the run before
     * this memo; a boxed hash map in its place still took 18 %). Equality is checked exactly;
     * the counts arrays are those of state keys, never modified. Key, ready set and limit of a
     * slot lie side by side in one array (one cache line per lookup).
     */
    private static final int MAX_SLOTS = 1 << 16;
    private long[] memo;
    private int[][] memoCounts;
    private long misses;
    /** The memo by executed set: hash and limit side by side per slot. */
    private long[] demandMemo;
    private int[][] demandCounts;

    /** Time spent computing the rules (memo misses only; a hit costs a few loads): bench's share of bounds. */
    public long nanos() {
        return nanos;
    }

    private long nanos;
}
