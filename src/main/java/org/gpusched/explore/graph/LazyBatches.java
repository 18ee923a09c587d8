package org.gpusched.explore.graph;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;

/**
 * The batches of one vertex generated on demand, for depth-first search: the sets of
 * ready kernels (one per task) in preorder over them sorted by urgency (the effective deadline of
 * each: its job's deadline less the rest of its chain, then the unit index), so the first sets
 * are the chain {most urgent}, {most urgent, next}, ... Nothing is materialised: the walk holds one stack of prefixes, so a vertex of 20 or 40 ready tasks costs
 * a few batches per dive instead of 2^|ready| up front, and there is no limit on candidate sets.
 * The cuts are those of {@link BatchList}: a set that may not fit the GPU
 * rules out its supersets, and with a monotone model so does a set too late from the vertex's
 * earliest time. Every fitting set not cut is yielded once, so a vertex whose walk is finished
 * has had exactly the batches the materialised list gives it.
 */
final class LazyBatches {
    private final Oracle oracle;
    private final Budget.Meter meter;
    private final long earliest;
    private final boolean monotone;
    private final int[] order;
    private final int r;
    private final long[] set;
    private final long[][] sums;
    private final int[] nextPos;
    private final long[] minDeadline;
    private final long[] deadlineOf;
    private int depth;
    private long work;

    /** The set yielded by the last {@link #next()}, its completion and its latest start. */
    long mask;
    long completion;
    long limit;
    /** Sets cut by a deadline (for the statistics). */
    long cut;

    LazyBatches(Oracle oracle, JobModel jm, Budget.Meter meter, int[] counts, long ready, long earliest) {
        this.oracle = oracle;
        this.meter = meter;
        this.earliest = earliest;
        this.monotone = oracle.monotoneCompletion();
        r = Long.bitCount(ready);
        order = BitSet.valueOf(new long[] {ready}).stream().boxed()
                .sorted(Comparator.comparingLong((Integer u) -> jm.unitDeadline(u, counts)).thenComparingInt(u -> u))
                .mapToInt(Integer::intValue).toArray();
        deadlineOf = Arrays.stream(order).mapToLong(u -> jm.unitDeadline(u, counts)).toArray();
        set = new long[r + 1];
        sums = new long[r + 1][4];
        nextPos = new int[r + 1];
        minDeadline = new long[r + 1];
        minDeadline[0] = Long.MAX_VALUE;
    }

    /** Moves to the next eligible set that is not too late; false once the walk is over. */
    boolean next() {
        while (depth >= 0) {
            int pos = nextPos[depth];
            if (pos >= r) {
                depth--;
                continue;
            }
            nextPos[depth] = pos + 1;
            if ((++work & 4095) == 0 && meter != null) {
                meter.checkTime();
            }
            int task = order[pos];
            long[] with = sums[depth + 1];
            System.arraycopy(sums[depth], 0, with, 0, 4);
            oracle.addUsage(with, task);
            if (!oracle.mayFit(with, depth + 1)) {
                continue;
            }
            long s = set[depth] | (1L << task);
            long c = oracle.completion(s);
            long dl = Math.min(minDeadline[depth], deadlineOf[pos]);
            long lim = Ticks.sub(dl, c);
            boolean late = c != CompletionModel.FORBIDDEN && earliest > lim;
            if (late) {
                cut++;
                if (monotone) {
                    continue; // and every superset below: longer frames, no later deadline
                }
            }
            depth++;
            set[depth] = s;
            nextPos[depth] = pos + 1;
            minDeadline[depth] = dl;
            if (!late && oracle.batch(s).eligible()) {
                mask = s;
                completion = c;
                limit = lim;
                return true;
            }
        }
        return false;
    }
}
