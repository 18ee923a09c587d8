package org.gpusched.explore.graph;

import org.gpusched.explore.bound.GreedyRuns;
import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.job.WitnessPaths;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.TooManyBatchesException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The exploration loop of GPUSched (the paper's Algorithm 1) over merged vertices. A vertex holds
 * one (executed, ready) state and the sorted start times it was reached at. The loop pops a
 * vertex from the frontier, lets the {@link Expander} make its successors (all batches at once,
 * or, depth-first with many ready tasks, a chunk of its lazy walk), pushes the new vertices, and
 * checks the budgets; the {@link StateStore} keeps what was reached. Breadth-first on two or more
 * threads, the successors are made ahead by a {@link LayerSplit} and inserted here in pop order,
 * so everything kept is what one thread keeps. One run per instance.
 */
public final class Engine {
    private final Oracle oracle;
    private final JobModel jm;
    private final Options opt;
    private final Frontier frontier;
    /** Depth-first: vertices with this many ready tasks or more walk their batches lazily. */
    public static final int LAZY_FROM = 12;
    private final int lazyFrom;
    private final boolean lazy;
    private final StateStore store;
    private final Expander expander;
    private final LiveBound bounds;
    /** Breadth-first with two or more threads: the layer's expansions are made in parallel (else null). */
    private final LayerSplit split;

    private final List<Vertex> created = new ArrayList<>();
    /** Greedy runs whose states before their first miss are offered with the root (depth-first seeding). */
    private List<GreedyRuns.Run> seeds = List.of();
    private long expansions;
    /** Diversified depth-first ({@link DiverseDfs}): the claims shared with the other searches, else null. */
    private Claims claims;
    private int owner;
    /** Depth-first: the order of successors pushed (most progress, then earliest time, ends on top). */
    private Comparator<Vertex> order = PLAIN_ORDER;
    private static final Comparator<Vertex> PLAIN_ORDER =
            Comparator.comparingInt((Vertex w) -> w.depth).thenComparingLong(w -> -w.minTime());
    /** Times of popped vertices left to another search that had claimed them. */
    private long foreignSkips;
    private boolean started;
    private long activeNanos;

    /**
     * @param lazyFrom depth-first walks the batches of vertices with this many ready tasks lazily
     * @param workers  threads for the breadth-first layer (used only by breadth-first search)
     */
    public Engine(Oracle oracle, JobModel jm, Options opt, Budget.Meter meter, LiveBound.Mutation mutation, int lazyFrom,
           Workers workers) {
        this.oracle = oracle;
        this.jm = jm;
        this.opt = opt;
        boolean additive = opt.stop() == StopRule.ALL && opt.objective().additive();
        this.frontier = Frontier.of(opt.search());
        bounds = new LiveBound(oracle.taskSet(), oracle, jm, mutation);
        this.lazy = opt.search() == SearchOrder.DFS;
        this.lazyFrom = lazyFrom;
        this.store = new StateStore(jm, opt, additive, meter, new GraphRecorder(oracle, jm, opt.graphLimit()));
        this.expander = new Expander(oracle, jm, opt, meter, bounds, store, additive);
        this.split = workers.split() && opt.search() == SearchOrder.BFS
                ? new LayerSplit(workers.pool(), workers.threads(), workers.round(), oracle, bounds, jm, opt, meter,
                        mutation, additive, store.trail)
                : null;
    }

    /**
     * Seeds the search with the prefixes of failed greedy runs: their states are reachable states
     * of the graph, so offering them next to the root changes no verdict, and depth-first pops the
     * deepest first, i.e. backtracks from where the heuristic failed.
     */
    public void seedWith(List<GreedyRuns.Run> runs) {
        seeds = List.copyOf(runs);
    }

    /**
     * Makes this depth-first engine one of several diversified searches: it claims what it pops in
     * {@code shared} as {@code owner}, skips what another claimed, and orders the successors of
     * equal depth by {@code salt} (0: the usual order, earliest time first); the batch lists and
     * latest starts, functions of their key alone, come from tables all the searches fill.
     */
    public void share(Claims shared, int owner, long salt, SharedBatches batches, SharedLimits latest) {
        this.claims = shared;
        this.owner = owner;
        this.order = salt == 0 ? PLAIN_ORDER
                : Comparator.comparingInt((Vertex w) -> w.depth).thenComparingLong(w -> shuffled(w, salt));
        expander.share(batches, latest);
    }

    /** Times this engine left to another search that had claimed them (0 without shared claims). */
    public long foreignSkips() {
        return foreignSkips;
    }

    public void run() {
        step(Long.MAX_VALUE);
    }

    /**
     * Explores until {@code quota} more states are kept, or the exploration is over. Returns true
     * when it is over: a schedule was found (with stop first), the graph is exhausted, or a budget
     * was hit. Stepping lets {@link GpuSchedExplorer} interleave two search orders deterministically.
     */
    public boolean step(long quota) {
        long t0 = System.nanoTime();
        try {
            return explore(quota);
        } catch (Budget.Exhausted e) {
            // Thrown out of the oracle's enumeration: the time limit, or too many candidate batches.
            store.budgetNote = e.getMessage();
            store.batchLimit = e instanceof TooManyBatchesException;
            store.stopped = true;
            return true;
        } finally {
            if (split != null) {
                split.pause();
            }
            activeNanos += System.nanoTime() - t0;
        }
    }

    private boolean explore(long quota) {
        if (!started) {
            started = true;
            if (!expander.start(seeds, created)) {
                return true;
            }
            pushAll(created);
        }
        long target = quota == Long.MAX_VALUE ? Long.MAX_VALUE : store.states + quota;
        while (!store.stopped && !frontier.isEmpty()) {
            Vertex v = frontier.pop();
            if (v == null) {
                break;
            }
            store.freeLayersBelow(frontier.floorDepth());
            if (v.record != null && v.record.pending == v) {
                v.record.pending = null;
            }
            if (claims != null && !v.expanded && v.depth > 0) {
                // Claimed when first popped, before any of its successors is made (a lazy vertex
                // popped again keeps what it claimed then). Every search expands the root in its
                // own order, so the searches split the graph from the root's successors on.
                foreignSkips += claims.keepOwn(v, owner);
                if (v.size == 0) {
                    v.expanded = true;
                    continue;
                }
            }
            v.expanded = true;
            created.clear();
            boolean more;
            if (split != null) {
                BufferedSuccessors successors = split.successorsOf(v, (Frontier.Layered) frontier);
                long t0 = System.nanoTime();
                try {
                    successors.insertInto(store, expander, created);
                } finally {
                    split.insertNanos += System.nanoTime() - t0;
                }
                more = false;
            } else {
                more = v.lazy != null || lazy && Long.bitCount(v.key.ready) >= lazyFrom
                        ? expander.expandLazily(v, created) : expander.expand(v, created);
            }
            if (more) {
                frontier.push(v); // the rest of its batches after the children just made (depth-first)
            }
            pushAll(created);
            // The clock after every expansion (one can take long: a state with many batches), the heap every 256.
            if ((++expansions & 255) == 0 ? store.overBudget() : store.overTime()) {
                return true;
            }
            if (store.states >= target) {
                return store.stopped;
            }
        }
        store.sampleHeap();
        return true;
    }

    private void pushAll(List<Vertex> created) {
        if (opt.search() == SearchOrder.DFS) {
            // Most progress, then earliest time, ends on top of the stack.
            created.sort(order);
        }
        for (Vertex w : created) {
            frontier.push(w);
        }
    }

    /** A pseudo-random rank of a successor under a salt: the same state and time rank the same in every run. */
    private static long shuffled(Vertex w, long salt) {
        long h = (w.key.hashCode() * 0x9E3779B97F4A7C15L) ^ (w.minTime() * 0xC2B2AE3D27D4EB4FL) ^ salt;
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        return h ^ (h >>> 33);
    }

    /** Time the necessary conditions took in this engine (within the engine's active time). */
    public long boundNanos() {
        return bounds.nanos() + (split == null ? 0 : split.boundNanos());
    }

    /** Time of every thread that worked for this engine (its own steps and its workers' expansions). */
    public long workNanos() {
        return activeNanos + (split == null ? 0 : split.busy.get());
    }

    /** CPU time of the threads other than the caller's that worked for this engine. */
    public long helperCpuNanos() {
        return split == null ? 0 : split.helperCpu.get();
    }

    /**
     * With the layer split: the engine's time, its time inserting successors (serial), expanding
     * (summed over the workers), and on the engine's thread waiting for a worker.
     */
    public long[] splitNanos() {
        return split == null ? null
                : new long[] {activeNanos, split.insertNanos, split.fill.get(), split.ownNanos - split.ownFillNanos};
    }

    /** Breadth-first split over threads: keeps {@code k} of its workers out until {@link #widen} (see LayerSplit). */
    public void reserve(int k) {
        if (split != null) {
            split.reserve(k);
        }
    }

    /** Lets the workers kept out by {@link #reserve} join. */
    public void widen() {
        if (split != null) {
            split.widen();
        }
    }

    /** The statistics so far (a partner engine's share of a result); the time is that of its own turns only. */
    public Stats snapshot() {
        return new Stats(store.vertices, store.states, expander.edges, store.merges, expander.splits,
                expander.fastForwards, expander.pruned, Math.max(store.deepestDepth, 0), activeNanos, store.peakHeap);
    }

    public Oracle oracle() {
        return oracle;
    }

    public boolean stoppedByBudget() {
        return store.budgetNote != null;
    }

    /** Why the exploration stopped early (a budget), or null. */
    public String budgetNote() {
        return store.budgetNote;
    }

    /** Whether it stopped at a state with more candidate batches than can be materialised. */
    public boolean batchLimit() {
        return store.batchLimit;
    }

    /** (state, time) pairs kept so far. */
    public long states() {
        return store.states;
    }

    /** Trail records of the final(s) kept: empty when no schedule was found. */
    public List<Integer> finalsTrail() {
        return store.finalsTrail;
    }

    /** The frames of the first final kept: the schedule found (only when {@link #finalsTrail} is not empty). */
    public List<Frame> schedule() {
        return WitnessPaths.frames(store.trail, store.finalsTrail.get(0), oracle, jm);
    }

    /** The deepest state reached, the path to it and why it has no way forward: the witness of a miss. */
    public Witness witness() {
        List<Frame> path = WitnessPaths.frames(store.trail, store.deepestTrail, oracle, jm);
        return WitnessPaths.witness(path, store.deepestTime, oracle, jm);
    }

    public long[] verticesPerDepth() {
        return store.verticesPerDepth;
    }

    public ExploredGraph graph() {
        return store.graph();
    }
}
