package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.TooManyBatchesException;

import java.util.Arrays;

/**
 * The earliest-time sweep (explorer.md, "The earliest-time sweep"): PBS's own frames from the start
 * of the hyperperiod, layer by layer (kernels done), keeping for each count vector only the earliest
 * time it is reached, as the window relaxation does, but without idling while a kernel is ready and
 * over every job. Under PBS an earlier time is not always better (a frame must start as soon as a
 * kernel is ready, where a later state could batch it with a newer one), and a state is dropped
 * when one with one more kernel done is reached as early, and when more than its width of kernels
 * are ready the least urgent ones wait: so the sweep is a heuristic, which can only find
 * schedules, and an empty layer proves nothing. What it finds is a sequence of PBS frames, rebuilt
 * from the last layer and replayed by the table checker's rules ({@link GreedyFirst#valid}) before
 * it is reported: a bug here can cost time, never a wrong verdict. It decides the sets near the
 * boundary on which depth-first fails late: one state per count vector covers, at a few
 * microseconds a state, the breadth that depth-first reaches only by backtracking.
 */
public final class EarliestSweep {
    public enum Step { OPEN, FOUND, FAILED }

    /** Deliberately broken variants: the replay before a schedule is reported must reject what they find. */
    public enum Mutation {
        NONE,
        /** Every frame one tick shorter than the model says. */
        SHORTER_FRAMES
    }

    /**
     * The widths of the sweeps {@link SideSearches} runs, one after the other (the next when one fails):
     * at most this many ready kernels have their batches listed, the least urgent others wait. A
     * narrow sweep is several times faster (2^8 candidate sets against 2^16 for 16 ready kernels)
     * and finds most schedules; a wide one finds some that it misses.
     */
    public static final int[] WIDTHS = {8, 16};
    /**
     * The classes of ready sets a count vector keeps an earliest time for, when the sweep is keyed
     * by ready sets: class 0 for "nothing ready" (the state fast-forwards to the vector's next
     * release, whatever its time), the others by a hash of the ready set. One time per vector loses
     * the schedules that need a later state, where more kernels are ready to batch (PBS starts a
     * frame as soon as one is ready); a few per vector find most of them.
     */
    public static final int READY_CLASSES = 4;
    /**
     * The width of the sweep keyed by ready sets that {@link SideSearches} runs: 10 found the schedules of
     * every set of the hard-set table that 8 found and one more, and fails on the infeasible ones
     * in about a fifth of the states of 16 (docs/performance.md).
     */
    public static final int READY_WIDTH = 10;
    /**
     * The sweeps {@link SideSearches} runs, one after the other, as {width, classes}: widths 8 and 16
     * keyed by count vectors, then width 10 keyed by ready sets ({@link #READY_CLASSES}), which
     * finds schedules the first two miss at a few times their states. After a failure the next
     * sweep runs unless it would be the same one wider, when the failed one never left a ready
     * kernel waiting.
     */
    public static final int[][] SEQUENCE = {{WIDTHS[0], 1}, {WIDTHS[1], 1}, {READY_WIDTH, READY_CLASSES}};
    /** Where the class sits in a key's second word (its top bits), and the class of the state before in a tag. */
    private static final int CLASS_BITS = 2;
    private static final int CLASS_SHIFT = 63 - CLASS_BITS;
    private static final int TAG_SHIFT = 64 - CLASS_BITS;
    private final int width;
    private final int classes;
    /** The counts' bits of a key's second word, and the batch's of a tag: all of them when keyed by vectors. */
    private final long countBits;
    private final long batchBits;
    /** Why a sweep failed whose path the replay rejected. */
    public static final String NOT_A_SCHEDULE = "the path found is not a schedule";
    private final Mutation broken;

    private final Oracle oracle;
    private final JobModel jm;
    private final DemandBound demand;
    private final Budget.Meter meter;
    private final long maxStates;
    private final CountFields fields;
    private final MinMap[] layers;
    private final int[] counts;
    /**
     * Per task the release of its next kernel, per unit the deadline of its next kernel, in the state
     * being expanded, and per unit what one more kernel adds to each word of the key: read once per
     * state, then looked up for every candidate batch.
     */
    private final long[] release;
    private final int[] unitNow;
    private final long[] due;
    private final long[] lowOne;
    private final long[] highOne;
    private int layer;
    private int slot;
    private long states;
    private long kept;
    private String failed;
    private GreedyRuns.Run found;
    private boolean narrowed;

    /**
     * @param width     the most ready kernels whose batches are listed
     * @param classes   1: one earliest time per count vector; more: one per class of ready sets
     * @param maxStates the most states kept (every layer is kept, to rebuild the path)
     */
    public EarliestSweep(TaskSet ts, Oracle oracle, JobModel jm, Budget.Meter meter, LiveBound.Mutation mutation,
                  int width, int classes, long maxStates, Mutation broken) {
        this.width = width;
        this.classes = classes;
        this.countBits = classes == 1 ? -1L : (1L << CLASS_SHIFT) - 1;
        this.batchBits = classes == 1 ? -1L : (1L << TAG_SHIFT) - 1;
        this.broken = broken;
        this.oracle = oracle;
        this.jm = jm;
        this.meter = meter;
        this.maxStates = maxStates;
        this.demand = new DemandBound(ts, oracle, jm, mutation);
        this.counts = new int[jm.n];
        this.release = new long[jm.n];
        this.unitNow = new int[jm.n];
        this.due = new long[jm.units];
        this.fields = CountFields.of(jm.items, classes > 1 ? CLASS_BITS : 0);
        this.lowOne = fields == null ? null : fields.perUnit(jm.taskOf, false);
        this.highOne = fields == null ? null : fields.perUnit(jm.taskOf, true);
        this.layers = new MinMap[jm.totalKernels + 1];
        if (fields == null) {
            failed = "the counts of the hyperperiod need more than " + (classes > 1 ? 126 - CLASS_BITS : 126) + " bits";
        } else if (classes > 1 && jm.units > TAG_SHIFT) {
            failed = "no room for the class of ready sets beside the batch";
        } else {
            layers[0] = new MinMap();
            layers[0].offer(0, 0, 0, 0);
            kept = 1;
        }
    }

    public long states() {
        return states;
    }

    /** The schedule found: a complete run that {@link GreedyFirst#valid} accepted; null before FOUND. */
    public GreedyRuns.Run schedule() {
        return found;
    }

    /**
     * The index in {@code sequence} of the sweep to run after the one at {@code at} failed, or
     * {@code sequence.length}: the next, except a wider one with the same classes when the failed
     * one never narrowed (it would be the same sweep).
     */
    public static int next(int[][] sequence, int at, boolean narrowed) {
        int i = at + 1;
        while (!narrowed && i < sequence.length && sequence[i][1] == sequence[at][1]) {
            i++;
        }
        return i;
    }

    /** Whether some state had more ready kernels than the width (else a wider sweep is the same). */
    public boolean narrowed() {
        return narrowed;
    }

    /** Why it stopped without a schedule, or null. */
    public String failedWhy() {
        return failed;
    }

    /** Expands up to {@code budget} states; FOUND once a schedule is found (then it stays so). */
    public Step step(long budget) {
        if (found != null) {
            return Step.FOUND;
        }
        if (failed != null) {
            return Step.FAILED;
        }
        long until = states + budget;
        try {
            while (states < until) {
                if (layer == jm.totalKernels) {
                    GreedyRuns.Run run = path();
                    if (!new GreedyFirst(oracle, jm).valid(run)) {
                        return fail(NOT_A_SCHEDULE); // a bug: never reported
                    }
                    found = run;
                    return Step.FOUND;
                }
                MinMap here = layers[layer];
                if (here == null || slot >= here.slots()) {
                    layer++;
                    slot = 0;
                    if (Arrays.stream(layers, layer, layers.length).allMatch(m -> m == null || m.size() == 0)) {
                        return fail("no state left");
                    }
                    continue;
                }
                long key = here.keyAt(slot);
                if (key >= 0) {
                    expand(key, here.highAt(slot), here.valueAt(slot));
                    if (kept > maxStates) {
                        return fail("more than " + maxStates + " states");
                    }
                    if ((states & 63) == 0 && meter != null && meter.timeNote() != null) {
                        return Step.OPEN;
                    }
                }
                slot++;
            }
        } catch (TooManyBatchesException e) {
            return fail(e.getMessage());
        } catch (Budget.Exhausted e) {
            // The time limit passed inside a candidate list or the replay: the state is expanded again
            // on a later turn (its offers only keep the smaller times).
            return Step.OPEN;
        }
        return Step.OPEN;
    }

    private Step fail(String why) {
        failed = why;
        return Step.FAILED;
    }

    private void expand(long key, long classed, long t) {
        states++;
        long cls = (classed & ~countBits) >>> CLASS_SHIFT;
        long hi = classed & countBits;
        fields.decode(key, hi, counts);
        assert Arrays.stream(counts).sum() == layer : "a state's counts are not those of its layer";
        long next = Long.MAX_VALUE;
        for (int i = 0; i < jm.n; i++) {
            if (counts[i] < jm.items[i]) {
                int u = jm.unit(i, counts[i]);
                unitNow[i] = u;
                release[i] = jm.readyTime(i, counts[i]);
                due[u] = jm.unitDeadline(u, counts);
                next = Math.min(next, release[i]);
            }
        }
        if (next > t) {
            t = next; // PBS's fast-forward: nothing is ready
        }
        long ready = 0;
        for (int i = 0; i < jm.n; i++) {
            if (counts[i] < jm.items[i]) {
                int u = unitNow[i];
                if (Ticks.add(Math.max(t, release[i]), jm.wcet[u]) > due[u]) {
                    return; // a kernel that cannot meet its deadline even alone
                }
                if (release[i] <= t) {
                    ready |= 1L << u;
                }
            }
        }
        // Domination first: it is a few lookups, the demand bound most of a state's cost.
        // A state with one more kernel done is reached by t already: the heuristic's domination.
        if (fields.oneMoreBy(layers[layer + 1], key, hi, t, ready, jm.taskOf) || t > demand.latestStart(counts)) {
            return;
        }
        ready = mostUrgent(ready);
        BatchList list = oracle.batchesOf(ready);
        long[] masks = list.masks();
        for (int p = 0; p < list.nodes(); ) {
            long latest = Long.MAX_VALUE;
            long low = key;
            long high = hi;
            for (long b = masks[p]; b != 0; b &= b - 1) {
                int u = Long.numberOfTrailingZeros(b);
                latest = Math.min(latest, due[u]);
                low += lowOne[u];
                high += highOne[u];
            }
            long end = Ticks.add(t, list.completions()[p] - (broken == Mutation.SHORTER_FRAMES ? 1 : 0));
            if (end > latest) {
                p = list.skip()[p]; // a superset lasts no shorter and has no later deadline
                continue;
            }
            if (!list.eligible()[p]) {
                p++; // its resources fit, but no submission order has every block resident at once
                continue;
            }
            int to = layer + Long.bitCount(masks[p]);
            if (layers[to] == null) {
                layers[to] = new MinMap();
            }
            if (layers[to].offer(low, high | classOf(masks[p], end) << CLASS_SHIFT, end, masks[p] | cls << TAG_SHIFT)) {
                kept++;
            }
            p++;
        }
    }

    /** The class of the ready set of the state that {@code mask} reaches at {@code end} (0 when keyed by vectors only). */
    private long classOf(long mask, long end) {
        if (classes == 1) {
            return 0;
        }
        // As jm.readyAt after the batch: its tasks' next kernels, the others' as in this state.
        long ready = 0;
        long ran = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            int i = jm.taskOf[Long.numberOfTrailingZeros(b)];
            int c = counts[i] + 1;
            ran |= 1L << i;
            if (c < jm.items[i] && jm.readyTime(i, c) <= end) {
                ready |= 1L << jm.unit(i, c);
            }
        }
        for (int i = 0; i < jm.n; i++) {
            if ((ran & 1L << i) == 0 && counts[i] < jm.items[i] && release[i] <= end) {
                ready |= 1L << unitNow[i];
            }
        }
        long h = ready * 0x9E3779B97F4A7C15L;
        return ready == 0 ? 0 : 1 + Math.floorMod(h ^ h >>> 29, classes - 1);
    }

    /** The {@code width} ready kernels with the earliest deadlines (ties: the lower unit). */
    private long mostUrgent(long ready) {
        while (Long.bitCount(ready) > width) {
            narrowed = true;
            int last = -1;
            long latest = Long.MIN_VALUE;
            for (long b = ready; b != 0; b &= b - 1) {
                int u = Long.numberOfTrailingZeros(b);
                long d = due[u];
                if (d >= latest) {
                    latest = d;
                    last = u;
                }
            }
            ready &= ~(1L << last);
        }
        return ready;
    }

    /** The frames to the last layer's state, each from the earliest time of the state it leaves. */
    private GreedyRuns.Run path() {
        MinMap goal = layers[jm.totalKernels];
        int at = 0;
        while (goal.keyAt(at) < 0) {
            at++;
        }
        long key = goal.keyAt(at);
        long hi = goal.highAt(at);
        int l = jm.totalKernels;
        // Filled from the end: every frame runs one kernel or more, so at most l frames.
        long[] starts = new long[l];
        long[] masks = new long[l];
        int f = l;
        while (l > 0) {
            long tag = layers[l].tagAt(layers[l].indexOf(key, hi));
            long mask = tag & batchBits;
            key -= fields.step(mask, jm.taskOf, false);
            hi = (hi & countBits) - fields.step(mask, jm.taskOf, true)
                    | (tag & ~batchBits) >>> TAG_SHIFT << CLASS_SHIFT;
            l -= Long.bitCount(mask);
            long t = layers[l].get(key, hi);
            fields.decode(key, hi & countBits, counts);
            long start = jm.readyAt(counts, t) != 0 ? t : jm.nextArrival(counts);
            starts[--f] = start;
            masks[f] = mask;
        }
        return new GreedyRuns.Run(null, true, Arrays.copyOfRange(starts, f, starts.length),
                Arrays.copyOfRange(masks, f, masks.length));
    }
}
