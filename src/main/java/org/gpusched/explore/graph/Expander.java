package org.gpusched.explore.graph;

import org.gpusched.explore.bound.GreedyRuns;
import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.job.Symmetry;
import org.gpusched.explore.job.Trail;
import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes the successors of a vertex: every eligible batch from every start time of the vertex,
 * Algorithm 2's merge and Algorithm 3's split in one (successor times that keep the same ready
 * set share a key, an arrival inside a Delta separates them, Lemma 3.10), idle time skipped when
 * a successor is made (Algorithm 4), dead successors dropped by the {@link LiveBound}. Also makes
 * the root and replays greedy prefixes with the same keys, times and trails. Every successor goes
 * to the {@link StateStore}, which decides whether it is new.
 */
final class Expander {
    /** Batches applied per lazy expansion step. */
    static final int CHUNK = 8;

    private final Oracle oracle;
    private final JobModel jm;
    private final Options opt;
    private final Budget.Meter meter;
    private final LiveBound bounds;
    private final StateStore store;
    /** The symmetry states are keyed by (null: real jobs); the store's trail names the same slots. */
    private final Symmetry symmetry;
    /** Where successors of expanded vertices go: the store, or a worker's buffer. */
    private Sink sink;
    /** The batch lists shared by the workers of a split layer (null: this oracle's memo alone). */
    private SharedBatches shared;
    /** The latest start times shared by the workers of a split layer (null: the bounds' own memo alone). */
    private SharedLimits limits;
    /** Whether path costs are tracked: --stop all with an objective summed over frames. */
    private final boolean additive;
    /** Random keys per (task, jobs completed): a state's hash is the XOR over its tasks. */
    private final long[][] jobKey;

    long edges;
    long splits;
    long fastForwards;
    long pruned;

    /** Set by {@link #readyAt}: the earliest release of a next job not ready yet. */
    private long nextRelease;
    /** Jobs whose last kernel is in the batch being applied (set by {@link #apply}, read by {@link #pathCost}). */
    private int finishedInFrame;

    Expander(Oracle oracle, JobModel jm, Options opt, Budget.Meter meter, LiveBound bounds, StateStore store,
             boolean additive) {
        this.oracle = oracle;
        this.jm = jm;
        this.opt = opt;
        this.meter = meter;
        this.bounds = bounds;
        this.store = store;
        this.symmetry = Trail.keyedBy(opt, jm);
        this.sink = store;
        this.additive = additive;
        SplittableRandom rnd = new SplittableRandom(0x5EEDL);
        jobKey = new long[jm.n][];
        for (int i = 0; i < jm.n; i++) {
            jobKey[i] = new long[jm.items[i] + 1];
            for (int k = 0; k <= jm.items[i]; k++) {
                jobKey[i][k] = rnd.nextLong();
            }
        }
    }

    /**
     * Offers the root and then the states along each greedy prefix. Returns false when the root
     * itself is dead (nothing to explore).
     */
    boolean start(List<GreedyRuns.Run> seeds, List<Vertex> created) {
        int[] c0 = new int[jm.n];
        // With offsets or jitter nothing may be ready at 0: start at the first release (Algorithm 4).
        long t0 = jm.readyAt(c0, 0) == 0 ? jm.nextArrival(c0) : 0;
        long r0 = jm.readyAt(c0, t0);
        store.deepestDepth = 0;
        if (bounds.latestStart(c0, 0L, r0) < t0) {
            pruned++;
            return false;
        }
        store.offer(new StateKey(c0, r0, 0L), 0, t0, -1, t0, 0, 0, null, created);
        for (GreedyRuns.Run run : seeds) {
            seed(run, t0, created);
        }
        return true;
    }

    /**
     * Offers the states along one greedy prefix, as expanding them would (same keys, times,
     * trails): they are reachable states of the graph, so offering them next to the root changes
     * no verdict, and depth-first pops the deepest first, i.e. backtracks from where the
     * heuristic failed.
     */
    private void seed(GreedyRuns.Run run, long t0, List<Vertex> created) {
        int[] counts = new int[jm.n];
        int[] real = new int[jm.n];
        long hash = 0;
        int depth = 0;
        int parent = 0;
        long t = t0;
        for (int f = 0; f < run.frames() && !store.stopped; f++) {
            long runMask = run.masks()[f];
            // The trail names the slots of the canonical state: the run's real tasks moved there.
            long s = symmetry == null ? runMask
                    : Symmetry.moveUnits(runMask, Symmetry.inverse(symmetry.realOf(real)), jm);
            if (run.starts()[f] != t) {
                return; // not the engine's path (cannot happen for runs from the root; kept as a guard)
            }
            long end = Ticks.add(t, oracle.completion(s));
            int[] next = counts.clone();
            hash = canonical(next, complete(s, next, hash));
            if (symmetry != null) {
                complete(runMask, real, 0);
            }
            depth += Long.bitCount(s);
            long r = readyAt(next, end);
            long start = r == 0 ? nextRelease : end;
            if (r == 0) {
                r = jm.readyAt(next, start);
            }
            if (depth == jm.totalKernels || start > bounds.latestStart(next, hash, r)) {
                return;
            }
            parent = store.offer(new StateKey(next, r, hash), depth, start, parent, t, s, 0, null, created);
            if (parent < 0) {
                return; // a later time of a settled state already kept: the earlier one covers the rest
            }
            counts = next;
            t = start;
        }
    }

    /** The canonical form of a successor's counts (in place) and its hash, when symmetric tasks are merged. */
    private long canonical(int[] next, long hash) {
        return symmetry == null ? hash : symmetry.canonicalise(next, hash, jobKey);
    }

    /** Counts the jobs of batch {@code s} as completed in {@code next}; returns the updated state hash. */
    private long complete(long s, int[] next, long hash) {
        for (long m = s; m != 0; m &= m - 1) {
            int i = jm.taskOf[Long.numberOfTrailingZeros(m)];
            hash ^= jobKey[i][next[i]];
            next[i]++;
        }
        return hash;
    }

    /** Sends the successors of later expansions to {@code to} (a worker's buffer of one vertex). */
    void sinkTo(Sink to) {
        sink = to;
    }

    /** Takes batch lists and latest start times from tables shared with the other workers. */
    void share(SharedBatches batches, SharedLimits latest) {
        shared = batches;
        limits = latest;
    }

    /** Sets the counters back to zero (a worker counts each vertex's expansion on its own). */
    void resetCounters() {
        edges = 0;
        splits = 0;
        fastForwards = 0;
        pruned = 0;
    }

    /**
     * Depth-first expansion of a vertex with many ready tasks: the next {@link #CHUNK} batches of
     * its lazy walk, most urgent first. Returns true when batches are left (the vertex goes back
     * on the stack under its children). Times that reach its key meanwhile make a new vertex
     * ({@code pending} was cleared when it was popped), so every time still meets every batch.
     */
    boolean expandLazily(Vertex v, List<Vertex> created) {
        if (v.lazy == null) {
            v.lazy = new LazyBatches(oracle, jm, meter, v.key.counts, v.key.ready, v.times[0]);
        }
        LazyBatches walk = v.lazy;
        for (int k = 0; k < CHUNK; k++) {
            long cut = walk.cut;
            boolean found = walk.next();
            pruned += (walk.cut - cut) * v.size;
            if (!found) {
                v.lazy = null;
                return false;
            }
            apply(v, walk.mask, walk.completion, walk.limit, created);
            if (sink.stopped()) {
                return false;
            }
        }
        return true;
    }

    /** Expands a vertex with all its batches at once; returns false (nothing left). */
    boolean expand(Vertex v, List<Vertex> created) {
        int[] counts = v.key.counts;
        BatchList batches = shared == null ? oracle.batchesOf(v.key.ready) : shared.of(v.key.ready, oracle);
        long[] minDeadline = new long[Long.bitCount(v.key.ready) + 1];
        minDeadline[0] = Long.MAX_VALUE;
        long earliest = v.times[0];
        int k = 0;
        while (k < batches.nodes()) {
            int size = batches.size()[k];
            int task = batches.last()[k];
            long dl = Math.min(minDeadline[size - 1], jm.unitDeadline(task, counts));
            minDeadline[size] = dl;
            long c = batches.completions()[k];
            long limit = Ticks.sub(dl, c);
            if (c != CompletionModel.FORBIDDEN && earliest > limit) {
                // Too late even from the earliest time; with a monotone model so is every superset below.
                pruned += v.size;
                k = batches.monotone() ? batches.skip()[k] : k + 1;
                continue;
            }
            if (batches.eligible()[k]) {
                apply(v, batches.masks()[k], c, limit, created);
                if (sink.stopped()) {
                    return false;
                }
            }
            k++;
        }
        return false;
    }

    /** The ready set at {@code t} and, in the same pass, {@link #nextRelease}. */
    private long readyAt(int[] counts, long t) {
        long r = 0;
        long release = Long.MAX_VALUE;
        for (int i = 0; i < jm.n; i++) {
            if (counts[i] < jm.items[i]) {
                long a = jm.readyTime(i, counts[i]);
                if (a <= t) {
                    r |= 1L << jm.unit(i, counts[i]);
                } else if (a < release) {
                    release = a;
                }
            }
        }
        nextRelease = release;
        return r;
    }

    private void apply(Vertex v, long s, long c, long limit, List<Vertex> created) {
        int[] next = v.key.counts.clone();
        long hash = canonical(next, complete(s, next, v.key.execHash));
        int depth = v.depth + Long.bitCount(s);
        long deadlineSum = 0;
        int finished = 0;
        if (additive) {
            // Slack counts per job: only a chain's last kernel finishes its job.
            for (long m = s; m != 0; m &= m - 1) {
                int u = Long.numberOfTrailingZeros(m);
                if (jm.last[u]) {
                    deadlineSum += jm.unitDeadline(u, v.key.counts);
                    finished++;
                }
            }
        }
        finishedInFrame = finished;
        if (depth == jm.totalKernels) {
            for (int j = 0; j < v.size && v.times[j] <= limit && !sink.stopped(); j++) {
                edges++;
                long end = v.times[j] + c;
                sink.reachedEnd(v, j, s, end, pathCost(v, j, s, deadlineSum, end));
            }
            return;
        }
        successors(v, s, c, limit, next, hash, depth, deadlineSum, created);
    }

    /** The objective cost of the path kept for time j of v, extended by batch s ending at end. */
    private long pathCost(Vertex v, int j, long s, long deadlineSum, long end) {
        if (!additive) {
            return 0;
        }
        return sink.pathCost(v, j) + opt.objective().frameCost(Long.bitCount(s), finishedInFrame,
                deadlineSum, end);
    }

    /**
     * Applies one batch to every start time of a vertex. Frame ends grow with the start times, so
     * the ready set they see only grows: it is recomputed only when an end passes the next
     * release, and consecutive times with one ready set share one successor key.
     */
    private void successors(Vertex v, long s, long c, long limit, int[] next, long hash, int depth,
                            long deadlineSum, List<Vertex> created) {
        long seenUntil = -1;
        boolean idle = false;
        long at = 0;
        long liveUntil = 0;
        StateKey key = null;
        int keys = 0;
        for (int j = 0; j < v.size; j++) {
            long t = v.times[j];
            if (t > limit) {
                pruned += v.size - j;
                break;
            }
            long end = t + c;
            edges++;
            if (key == null || end >= seenUntil) {
                long r = readyAt(next, end);
                seenUntil = nextRelease;
                idle = r == 0;
                if (idle) {
                    // Every end before that release fast-forwards to it (Algorithm 4): their Deltas collapse.
                    at = seenUntil;
                    r = jm.readyAt(next, at);
                }
                liveUntil = limits == null ? bounds.latestStart(next, hash, r)
                        : limits.latestStart(bounds, next, hash, r);
                if (key == null || key.ready != r) {
                    key = new StateKey(next, r, hash);
                    keys++;
                }
            }
            long start = idle ? at : end;
            if (idle) {
                fastForwards++;
            }
            if (start > liveUntil) {
                pruned++;
                continue;
            }
            sink.offer(key, depth, start, v.trails[j], t, s, pathCost(v, j, s, deadlineSum, end), v, created);
            if (sink.stopped()) {
                return;
            }
        }
        if (keys > 1) {
            splits += keys - 1;
        }
    }
}
