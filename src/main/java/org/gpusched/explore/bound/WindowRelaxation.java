package org.gpusched.explore.bound;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Proof;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.explore.result.Witness;
import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.TooManyBatchesException;

import java.util.stream.IntStream;

/**
 * The window relaxation (explorer.md, "The window relaxation"): for a deadline W, can the kernels
 * of the jobs due by W meet their deadlines when the GPU may idle at will and every later job is
 * left out? Every PBS schedule, cut down to those kernels, is such a schedule, so a window where
 * the answer is no proves the set not schedulable. With idling allowed an earlier time is never
 * worse, so a state is just the kernels done per task, with the earliest time reached: a dynamic
 * program over count vectors, layer by layer (kernels done), for W from the first deadline on,
 * doubling from window to window ({@link #nextWindow}).
 * Resumable in steps of a number of states: {@link AutoSearch} gives it turns beside the search.
 * Needs a completion model in which fewer kernels never take longer ({@link Oracle#monotoneCompletion}).
 */
public final class WindowRelaxation {
    public enum Step { OPEN, REFUTED, RETIRED }

    /** Deliberately unsound variants: the property tests must see each refute a schedulable set. */
    public enum Mutation {
        NONE,
        /** The demand bound also looks at deadlines after the window (jobs the relaxation left out). */
        LOOK_PAST_WINDOW,
        /** Every frame one tick longer than the model says. */
        LONGER_FRAMES,
        /** The demand bound counts the jobs of the tasks left out as still to run. */
        LEFT_OUT_COUNTED
    }

    private final Mutation broken;
    /**
     * The most kernels ready at once the relaxation lists the candidate batches of: the list of 20
     * ready kernels (up to 2^20 sets, each placed) took more than the whole 30 s of a 20-task set,
     * which the search alone decides; 16 (at most 65,536 sets) costs well under a second.
     */
    public static final int MAX_READY = 16;
    /** For the tests: every deadline in turn instead of doubling (each window's soundness alone). */
    private boolean everyWindow;
    /** The tasks whose jobs are kept (the others are left out too, which is still a relaxation). */
    private final long keep;

    private final Oracle oracle;
    private final JobModel jm;
    private final DemandBound demand;
    private final Budget.Meter meter;
    private final long[] deadlines;
    private final long maxLive;
    private int window = -1;
    /** The dynamic program of the current window; null between windows. */
    private MinMap[] layers;
    private int[] due;
    /** Where each task's count sits in a state's key. */
    private CountFields fields;
    private int total;
    private int layer;
    private int slot;
    private long live;
    private final int[] counts;
    /** States expanded so far, over every window. */
    private long states;
    private String retired;
    private boolean refuted;

    /**
     * @param oracle its own oracle (the memo is not thread-safe)
     * @param maxLive the most states held at once; beyond, the relaxation retires
     * @param keep the tasks kept, a bit per task (-1: all)
     */
    public WindowRelaxation(Oracle oracle, JobModel jm, Budget.Meter meter, LiveBound.Mutation mutation, long maxLive,
                     Mutation broken, long keep) {
        this.keep = keep;
        this.broken = broken;
        this.oracle = oracle;
        this.jm = jm;
        this.meter = meter;
        this.maxLive = maxLive;
        this.demand = new DemandBound(oracle.taskSet(), oracle, jm, mutation);
        this.counts = new int[jm.n];
        deadlines = IntStream.range(0, jm.n).filter(this::kept).boxed()
                .flatMapToLong(i -> IntStream.range(0, jm.items[i] / jm.chain[i]).mapToLong(k -> jm.deadline(i, k)))
                .sorted().distinct().toArray();
    }

    /**
     * The most states held at once: an eighth of the heap the analysis may use, at about 100 bytes
     * a state at worst (the engines beside it need the rest).
     */
    public static long maxLive(Options options) {
        double heap = Runtime.getRuntime().maxMemory() * options.budget().maxHeapFraction();
        return Math.max(1 << 16, (long) (heap / 8 / 100));
    }

    /** For the tests: tries every deadline in turn (the windows are then each checked alone). */
    public WindowRelaxation everyWindow() {
        everyWindow = true;
        return this;
    }

    /** Why it stopped without a verdict, or null. */
    public String retiredWhy() {
        return retired;
    }

    /** Whether it keeps every task (else the lightest are left out). */
    boolean everyTask() {
        return keep == -1L;
    }

    /**
     * The window after {@code w}: the first deadline at least twice as late (the last deadline at
     * most). A window with no relaxed schedule leaves none to every later one (cut a later one's
     * schedule down), so skipping windows loses no refutation, only finds it at a later window;
     * and since a window's states grow about linearly with W, doubling makes reaching the last
     * window cost about twice that window alone, where every deadline in turn cost a sum growing
     * with the square of W.
     */
    private int nextWindow(int w) {
        if (w < 0 || everyWindow) {
            return w + 1;
        }
        long target = deadlines[w] > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : 2 * deadlines[w];
        int at = java.util.Arrays.binarySearch(deadlines, target);
        int next = at >= 0 ? at : -at - 1;
        return Math.max(w + 1, Math.min(next, deadlines.length - 1));
    }

    /** Expands up to {@code budget} states; REFUTED once a window has no schedule (then it stays so). */
    public Step step(long budget) {
        if (refuted) {
            return Step.REFUTED;
        }
        if (retired != null) {
            return Step.RETIRED;
        }
        long until = states + budget;
        try {
            while (states < until) {
                if (layers == null && !open()) {
                    return Step.RETIRED;
                }
                if (layer == total) {
                    // The goal layer is reached: this window has a relaxed schedule.
                    layers = null;
                    continue;
                }
                MinMap here = layers[layer];
                if (here == null || slot >= here.slots()) {
                    if (here != null) {
                        live -= here.size();
                        layers[layer] = null;
                    }
                    layer++;
                    slot = 0;
                    if (live == 0) {
                        refuted = true;
                        layers = null;
                        return Step.REFUTED;
                    }
                    continue;
                }
                long key = here.keyAt(slot);
                if (key >= 0) {
                    expand(key, here.highAt(slot), here.valueAt(slot));
                    if (retired != null) {
                        return Step.RETIRED;
                    }
                    if (live > maxLive) {
                        return retire("more than " + maxLive + " states at once for the jobs due by "
                                + deadlines[window]);
                    }
                    if ((states & 1023) == 0 && meter != null && meter.timeNote() != null) {
                        return Step.OPEN;
                    }
                }
                slot++;
            }
        } catch (TooManyBatchesException e) {
            return retire(e.getMessage());
        } catch (Budget.Exhausted e) {
            // The time limit passed (or another engine decided) inside a candidate list: no verdict
            // here; the engines see the same budget and end the analysis. The state half expanded is
            // expanded again on a later turn (its offers only keep the smaller times).
            return Step.OPEN;
        }
        return Step.OPEN;
    }

    private Step retire(String why) {
        retired = why;
        layers = null;
        return Step.RETIRED;
    }

    /** Starts the next window; false (retired) after the last deadline. */
    private boolean open() {
        if (window == deadlines.length - 1) {
            retire("every window has a relaxed schedule");
            return false;
        }
        window = nextWindow(window);
        long w = deadlines[window];
        due = new int[jm.n];
        total = 0;
        for (int i = 0; i < jm.n; i++) {
            long span = w - jm.offset[i] - jm.relDeadline[i];
            long jobs = span < 0 ? 0 : span / jm.period[i] + 1;
            due[i] = kept(i) ? (int) Math.min(jm.items[i], jobs * jm.chain[i]) : 0;
            total += due[i];
        }
        fields = CountFields.of(due, 0);
        if (fields == null) {
            retire("the counts due by " + w + " need more than 126 bits");
            return false;
        }
        layers = new MinMap[total + 1];
        layers[0] = new MinMap();
        layers[0].offer(0, 0, 0, 0);
        live = 1;
        layer = 0;
        slot = 0;
        return true;
    }

    /** Offers every batch of the next due kernels that can run from this state by their deadlines. */
    private void expand(long key, long hi, long t) {
        states++;
        for (int i = 0; i < jm.n; i++) {
            counts[i] = fields.count(i, key, hi);
            if (!kept(i) && broken != Mutation.LEFT_OUT_COUNTED) {
                // Done, for the demand bound: a task left out has nothing due.
                counts[i] = jm.items[i];
            }
        }
        long ready = 0;
        for (int i = 0; i < jm.n; i++) {
            if (counts[i] < due[i]) {
                int u = jm.unit(i, counts[i]);
                ready |= 1L << u;
                // The dead-state rule: this kernel cannot end by its deadline even alone.
                if (Ticks.add(Math.max(t, jm.readyTime(i, counts[i])), jm.wcet[u]) > jm.unitDeadline(u, counts)) {
                    return;
                }
            }
        }
        // The demand bound, over the windows' own deadlines only (jobs due later are left out here).
        long until = broken == Mutation.LOOK_PAST_WINDOW ? Long.MAX_VALUE : deadlines[window];
        // Domination: a state with one more due kernel done is reached by t already; whatever this
        // one does, that one can (the same frames without that kernel last no longer).
        if (t > demand.latestStart(counts, until)
                || fields.oneMoreBy(layers[layer + 1], key, hi, t, ready, jm.taskOf)) {
            return;
        }
        if (Long.bitCount(ready) > MAX_READY) {
            retire("more than " + MAX_READY + " kernels ready at once for the jobs due by " + deadlines[window]);
            return;
        }
        BatchList list = oracle.batchesOf(ready);
        long[] masks = list.masks();
        for (int p = 0; p < list.nodes(); ) {
            long start = t;
            long latest = Long.MAX_VALUE;
            for (long b = masks[p]; b != 0; b &= b - 1) {
                int u = Long.numberOfTrailingZeros(b);
                int i = jm.taskOf[u];
                start = Math.max(start, jm.readyTime(i, counts[i]));
                latest = Math.min(latest, jm.unitDeadline(u, counts));
            }
            long end = Ticks.add(start, list.completions()[p] + (broken == Mutation.LONGER_FRAMES ? 1 : 0));
            if (end > latest) {
                // A superset starts no earlier, lasts no shorter and has no later deadline.
                p = list.skip()[p];
                continue;
            }
            int to = layer + Long.bitCount(masks[p]);
            if (layers[to] == null) {
                layers[to] = new MinMap();
            }
            if (layers[to].offer(key + fields.step(masks[p], jm.taskOf, false),
                    hi + fields.step(masks[p], jm.taskOf, true), end, 0)) {
                live++;
            }
            p++;
        }
    }

    private boolean kept(int i) {
        return (keep >>> i & 1) != 0;
    }

    /** The analysis of a set this relaxation refuted: no window's kernels fit, with the reason as witness. */
    public Analysis refutation(String method, Stats stats) {
        Witness w = new Witness(java.util.List.of(), jm.nextArrival(new int[jm.n]), 0, jm.totalKernels,
                java.util.List.of(reason()));
        return new Analysis(Verdict.NOT_SCHEDULABLE, method, stats, java.util.List.of(), w, null, null, Analysis.WINDOW,
                null).withProof(new Proof(Proof.Kind.WINDOW_RELAXATION, w.time(), deadlines[window], null));
    }

    String reason() {
        long w = deadlines[window];
        int kernels = 0;
        int tasks = 0;
        for (int i = 0; i < jm.n; i++) {
            kernels += due[i];
            tasks += due[i] > 0 ? 1 : 0;
        }
        return "the " + kernels + " kernels of the jobs due by " + w + " (" + tasks + " tasks) cannot all meet "
                + "their deadlines in any sequence of frames, even with the GPU left idle at will and every later "
                + "job left out (the window relaxation)";
    }
}
