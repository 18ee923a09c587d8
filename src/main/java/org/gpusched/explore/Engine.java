package org.gpusched.explore;

import org.gpusched.model.Budget;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.TooManyBatchesException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The exploration loop of GPUSched (the paper's Algorithm 1) over merged vertices. A vertex holds
 * one (executed, ready) state and the sorted start times it was reached at; expanding it runs
 * every eligible batch from every time, which is Algorithm 2's merge and Algorithm 3's split in
 * one: successor times that keep the same ready set stay together, an arrival inside a Delta
 * separates them (Lemma 3.10). Idle time is skipped when a successor is made (Algorithm 4).
 * One run per instance.
 */
final class Engine {
    private final Oracle oracle;
    private final JobModel jm;
    private final Options opt;
    private final long[][] jobKey;
    private final Frontier frontier;
    private final LiveBound bounds;
    /** Depth-first: vertices with this many ready tasks or more walk their batches lazily. */
    static final int LAZY_FROM = 12;
    private final int lazyFrom;
    /** Batches applied per lazy expansion step. */
    static final int CHUNK = 8;
    private final boolean lazy;
    private final List<Map<StateKey, KeyRecord>> maps = new ArrayList<>();
    final Trail trail = new Trail();
    private final Budget.Meter meter;
    /** Whether path costs are tracked: --stop all with an objective summed over frames. */
    private final boolean additive;

    long vertices;
    long states;
    long edges;
    long merges;
    long splits;
    long fastForwards;
    long pruned;
    long peakHeap;
    /** Vertices created per depth (jobs completed), for the graph-size experiment. */
    final long[] verticesPerDepth;
    int deepestDepth = -1;
    int deepestTrail;
    long deepestTime;
    final List<Integer> finalsTrail = new ArrayList<>();
    final List<Long> finalsEnd = new ArrayList<>();
    private final Set<Long> finalTimes = new HashSet<>();
    /** With stop all: the objective cost (lower is better) of the best final kept. */
    private long bestValue;
    String budgetNote;
    /** Stopped because one state had more candidate batches than can be materialised (breadth-first). */
    boolean batchLimit;
    private boolean stopped;

    private final GraphRecorder recorder;

    Engine(Oracle oracle, JobModel jm, Options opt, Budget.Meter meter) {
        this(oracle, jm, opt, meter, LiveBound.Mutation.NONE, LAZY_FROM);
    }

    /** @param lazyFrom depth-first walks the batches of vertices with this many ready tasks lazily */
    Engine(Oracle oracle, JobModel jm, Options opt, Budget.Meter meter, LiveBound.Mutation mutation, int lazyFrom) {
        this.oracle = oracle;
        this.jm = jm;
        this.opt = opt;
        this.meter = meter;
        this.additive = opt.stop() == StopRule.ALL && opt.objective().additive();
        this.frontier = Frontier.of(opt.search());
        this.bounds = new LiveBound(oracle.taskSet(), oracle, jm, mutation);
        this.lazy = opt.search() == SearchOrder.DFS;
        this.lazyFrom = lazyFrom;
        this.recorder = new GraphRecorder(oracle, jm, opt.graphLimit());
        SplittableRandom rnd = new SplittableRandom(0x5EEDL);
        jobKey = new long[jm.n][];
        for (int i = 0; i < jm.n; i++) {
            jobKey[i] = new long[jm.items[i] + 1];
            for (int k = 0; k <= jm.items[i]; k++) {
                jobKey[i][k] = rnd.nextLong();
            }
        }
        verticesPerDepth = new long[jm.totalKernels + 1];
    }

    private final List<Vertex> created = new ArrayList<>();
    /** Greedy runs whose states before their first miss are offered with the root (depth-first seeding). */
    private List<GreedyRuns.Run> seeds = List.of();
    private long expansions;
    private boolean started;
    private long activeNanos;

    /**
     * Seeds the search with the prefixes of failed greedy runs (issue 17.1): their states are
     * reachable states of the graph, so offering them next to the root changes no verdict, and
     * depth-first pops the deepest first, i.e. backtracks from where the heuristic failed.
     */
    void seedWith(List<GreedyRuns.Run> runs) {
        seeds = List.copyOf(runs);
    }

    /** Offers the states along one greedy prefix, as expanding them would (same keys, times, trails). */
    private void seed(GreedyRuns.Run run, long t0, List<Vertex> created) {
        int[] counts = new int[jm.n];
        long hash = 0;
        int depth = 0;
        int parent = 0;
        long t = t0;
        for (int f = 0; f < run.frames() && !stopped; f++) {
            long s = run.masks()[f];
            if (run.starts()[f] != t) {
                return; // not the engine's path (cannot happen for runs from the root; kept as a guard)
            }
            long end = Ticks.add(t, oracle.completion(s));
            int[] next = counts.clone();
            for (long m = s; m != 0; m &= m - 1) {
                int i = jm.taskOf[Long.numberOfTrailingZeros(m)];
                hash ^= jobKey[i][next[i]];
                next[i]++;
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
            parent = offer(new StateKey(next, r, hash), depth, start, parent, t, s, 0, null, created);
            counts = next;
            t = start;
        }
    }

    void run() {
        step(Long.MAX_VALUE);
    }

    /**
     * Explores until {@code quota} more states are kept, or the exploration is over. Returns true
     * when it is over: a schedule was found (with stop first), the graph is exhausted, or a budget
     * was hit. Stepping lets {@link GpuSchedExplorer} interleave two search orders deterministically.
     */
    boolean step(long quota) {
        long t0 = System.nanoTime();
        try {
            return explore(quota);
        } catch (Budget.Exhausted e) {
            // Thrown out of the oracle's enumeration: the time limit, or too many candidate batches.
            budgetNote = e.getMessage();
            batchLimit = e instanceof TooManyBatchesException;
            stopped = true;
            return true;
        } finally {
            activeNanos += System.nanoTime() - t0;
        }
    }

    private boolean explore(long quota) {
        if (!started) {
            started = true;
            int[] c0 = new int[jm.n];
            // With offsets or jitter nothing may be ready at 0: start at the first release (Algorithm 4).
            long t0 = jm.readyAt(c0, 0) == 0 ? jm.nextArrival(c0) : 0;
            long r0 = jm.readyAt(c0, t0);
            deepestDepth = 0;
            if (bounds.latestStart(c0, 0L, r0) < t0) {
                pruned++;
                return true;
            }
            offer(new StateKey(c0, r0, 0L), 0, t0, -1, t0, 0, 0, null, created);
            for (GreedyRuns.Run run : seeds) {
                seed(run, t0, created);
            }
            pushAll(created);
        }
        long target = quota == Long.MAX_VALUE ? Long.MAX_VALUE : states + quota;
        while (!stopped && !frontier.isEmpty()) {
            Vertex v = frontier.pop();
            if (v == null) {
                break;
            }
            freeLayersBelow(frontier.floorDepth());
            if (v.record != null && v.record.pending == v) {
                v.record.pending = null;
            }
            v.expanded = true;
            created.clear();
            boolean more = v.lazy != null || lazy && Long.bitCount(v.key.ready) >= lazyFrom
                    ? expandLazily(v, created) : expand(v, created);
            if (more) {
                frontier.push(v); // the rest of its batches after the children just made (depth-first)
            }
            pushAll(created);
            if ((++expansions & 255) == 0 && overBudget()) {
                return true;
            }
            if (states >= target) {
                return stopped;
            }
        }
        sampleHeap();
        return true;
    }

    /** Time spent exploring (an interleaved engine is not charged for its partner's turns). */
    long elapsedNanos() {
        return activeNanos;
    }

    private boolean overBudget() {
        budgetNote = meter.overTimeOrHeap();
        peakHeap = Math.max(peakHeap, meter.peakHeap());
        return budgetNote != null;
    }

    private long sampleHeap() {
        long used = meter.sampleHeap();
        peakHeap = Math.max(peakHeap, used);
        return used;
    }

    private void freeLayersBelow(int floor) {
        if (opt.graphLimit() > 0) {
            return;
        }
        for (int d = 0; d < Math.min(floor, maps.size()); d++) {
            maps.set(d, null);
        }
    }

    private void pushAll(List<Vertex> created) {
        if (opt.search() == SearchOrder.DFS) {
            // Most progress, then earliest time, ends on top of the stack.
            created.sort(Comparator.comparingInt((Vertex w) -> w.depth).thenComparingLong(w -> -w.minTime()));
        }
        for (Vertex w : created) {
            frontier.push(w);
        }
    }

    /**
     * Depth-first expansion of a vertex with many ready tasks: the next {@link #CHUNK} batches of
     * its lazy walk, most urgent first. Returns true when batches are left (the vertex goes back
     * on the stack under its children). Times that reach its key meanwhile make a new vertex
     * ({@code pending} was cleared when it was popped), so every time still meets every batch.
     */
    private boolean expandLazily(Vertex v, List<Vertex> created) {
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
            if (stopped) {
                return false;
            }
        }
        return true;
    }

    /** Expands a vertex with all its batches at once; returns false (nothing left). */
    private boolean expand(Vertex v, List<Vertex> created) {
        int[] counts = v.key.counts;
        BatchList batches = oracle.batchesOf(v.key.ready);
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
                if (stopped) {
                    return false;
                }
            }
            k++;
        }
        return false;
    }

    /** Set by {@link #readyAt}: the earliest release of a next job not ready yet. */
    private long nextRelease;

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
        long hash = v.key.execHash;
        for (long m = s; m != 0; m &= m - 1) {
            int i = jm.taskOf[Long.numberOfTrailingZeros(m)];
            hash ^= jobKey[i][next[i]];
            next[i]++;
        }
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
            for (int j = 0; j < v.size && v.times[j] <= limit && !stopped; j++) {
                edges++;
                long end = v.times[j] + c;
                reachedEnd(v, j, s, end, pathCost(v, j, s, deadlineSum, end));
            }
            return;
        }
        successors(v, s, c, limit, next, hash, depth, deadlineSum, created);
    }

    /** Jobs whose last kernel is in the batch being applied (set by {@link #apply}, read by {@link #pathCost}). */
    private int finishedInFrame;

    /** The objective cost of the path kept for time j of v, extended by batch s ending at end. */
    private long pathCost(Vertex v, int j, long s, long deadlineSum, long end) {
        if (!additive) {
            return 0;
        }
        return trail.cost(v.trails[j]) + opt.objective().frameCost(Long.bitCount(s), finishedInFrame, deadlineSum,
                end);
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
                liveUntil = bounds.latestStart(next, hash, r);
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
            offer(key, depth, start, v.trails[j], t, s, pathCost(v, j, s, deadlineSum, end), v, created);
            if (stopped) {
                return;
            }
        }
        if (keys > 1) {
            splits += keys - 1;
        }
    }

    private void reachedEnd(Vertex v, int j, long s, long end, long cost) {
        if (opt.stop() == StopRule.ALL) {
            // Keep only the best final: lowest cost, then earliest end, then the first found.
            long value = additive ? cost : end;
            boolean drawn = finalTimes.add(end);
            if (drawn) {
                recorder.terminal(v, s, end);
            }
            if (!finalsTrail.isEmpty() && (value > bestValue || value == bestValue && end >= finalsEnd.get(0))) {
                return;
            }
            bestValue = value;
            finalsTrail.clear();
            finalsEnd.clear();
        } else {
            recorder.terminal(v, s, end);
        }
        int tr = trail.add(v.trails[j], v.times[j], s, cost);
        finalsTrail.add(tr);
        finalsEnd.add(end);
        deepestDepth = jm.totalKernels;
        deepestTrail = tr;
        deepestTime = end;
        if (opt.stop() == StopRule.FIRST) {
            stopped = true;
        }
    }

    /** Keeps (key, t) unless known; returns the trail record of the path kept for it. */
    private int offer(StateKey key, int depth, long t, int parentTrail, long start, long mask, long cost,
                      Vertex from, List<Vertex> created) {
        KeyRecord rec = null;
        int tr;
        if (opt.merge() != MergeLevel.NONE) {
            Map<StateKey, KeyRecord> map = mapAt(depth);
            rec = map.get(key);
            if (rec == null) {
                rec = new KeyRecord();
                map.put(key, rec);
            } else {
                int known = rec.trailOf(t);
                if (known >= 0) {
                    merges++;
                    if (additive && cost < trail.cost(known)) {
                        // A cheaper path to a (state, time) not yet expanded (breadth-first): keep it instead.
                        trail.set(known, parentTrail, start, mask, cost);
                    }
                    return known;
                }
            }
            tr = parentTrail < 0 ? 0 : trail.add(parentTrail, start, mask, cost);
            rec.cover(t, tr);
        } else {
            tr = parentTrail < 0 ? 0 : trail.add(parentTrail, start, mask, cost);
        }
        states++;
        Vertex target;
        if (rec != null && rec.pending != null && opt.merge() == MergeLevel.DOMINATION) {
            target = rec.pending;
            target.add(t, tr);
            merges++;
        } else {
            target = new Vertex((int) vertices++, key, depth);
            verticesPerDepth[depth]++;
            target.add(t, tr);
            target.record = rec;
            if (rec != null && opt.merge() == MergeLevel.DOMINATION) {
                rec.pending = target;
            }
            created.add(target);
            recorder.node(target);
        }
        if (from != null) {
            recorder.edge(from, target, mask);
        }
        if (depth > deepestDepth) {
            deepestDepth = depth;
            deepestTrail = tr;
            deepestTime = t;
        }
        if (states > opt.maxStates()) {
            budgetNote = "state budget of " + opt.maxStates() + " reached";
            stopped = true;
        } else if ((states & 4095) == 0 && overBudget()) {
            // One expansion can add millions of states: budgets are checked here too.
            stopped = true;
        }
        return tr;
    }

    private Map<StateKey, KeyRecord> mapAt(int depth) {
        while (maps.size() <= depth) {
            maps.add(new HashMap<>());
        }
        Map<StateKey, KeyRecord> m = maps.get(depth);
        if (m == null) {
            throw new IllegalStateException("layer " + depth + " was freed but is still reached");
        }
        return m;
    }

    /** The statistics so far (for a partner engine's share of a result). */
    /** Time the necessary conditions took in this engine (within the engine's active time). */
    long boundNanos() {
        return bounds.nanos();
    }

    Stats snapshot() {
        return new Stats(vertices, states, edges, merges, splits, fastForwards, pruned, Math.max(deepestDepth, 0),
                activeNanos, peakHeap);
    }

    Oracle oracle() {
        return oracle;
    }

    boolean stoppedByBudget() {
        return budgetNote != null;
    }

    ExploredGraph graph() {
        return recorder.graph();
    }
}
