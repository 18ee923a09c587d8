package org.gpusched.explore.graph;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.job.Trail;
import org.gpusched.model.Budget;
import org.gpusched.oracle.Oracle;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The breadth-first layer split over threads. The engine pops the vertices of the current layer
 * in their one-thread order and asks here for each one's successors; the first ask starts a
 * round over the next vertices of that layer, which the workers (the pool's threads, and the
 * engine's own thread whenever the successors it needs next are not ready) expand at once, each
 * with its own {@link Expander}, {@link Oracle} and {@link LiveBound}, into {@link BufferedSuccessors}
 * lists. The engine inserts each list into the store in vertex order, so keys, times, trail
 * records, counts and the witness are those of one thread. A round never crosses a layer: the
 * next layer still gains vertices and times while this one is inserted.
 */
public final class LayerSplit {
    /** Vertices per round (the successors held at once are bounded by {@link #ahead}). */
    public static final int ROUND = 1024;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final ExecutorService pool;
    private final int roundSize;
    /** One per worker; [0] runs on the engine's thread. */
    private final Expander[] workers;
    private final LiveBound[] bounds;
    private final boolean additive;
    private final Trail trail;
    private Round round;
    /** The pool workers' scratch not in use by a task (indices into {@link #workers}, never 0). */
    private final ConcurrentLinkedQueue<Integer> idle = new ConcurrentLinkedQueue<>();
    /** Workers kept out of the rounds (see {@link #reserve}); touched by the engine's thread only, between rounds. */
    private final List<Integer> reserved = new ArrayList<>();
    /** How far ahead of the vertex being inserted the workers may expand. */
    private final int ahead;
    /** CPU of the pool's threads; wall time they spent expanding; the engine's time inserting. */
    final AtomicLong helperCpu = new AtomicLong();
    final AtomicLong busy = new AtomicLong();
    /** Time spent expanding, summed over every worker (the engine's thread included). */
    final AtomicLong fill = new AtomicLong();
    long insertNanos;
    /** The engine's time expanding (its share of the workers) or waiting for a worker. */
    long ownNanos;
    /** The engine's time expanding (so {@code ownNanos - ownFillNanos} is its time waiting). */
    long ownFillNanos;

    /** The vertices of one round, their successors once made, and which are claimed. */
    private static final class Round {
        final List<Vertex> vertices;
        final List<CompletableFuture<BufferedSuccessors>> results = new ArrayList<>();
        final long[][] costs;
        final AtomicInteger next = new AtomicInteger();
        volatile int limit;
        int pos;
        final List<Future<?>> running = new ArrayList<>();

        Round(List<Vertex> vertices, long[][] costs) {
            this.vertices = vertices;
            this.costs = costs;
            for (int i = 0; i < vertices.size(); i++) {
                results.add(new CompletableFuture<>());
            }
        }

        /** The next unclaimed vertex, or -1. */
        int claim() {
            while (true) {
                int j = next.get();
                if (j >= limit) {
                    return -1;
                }
                if (next.compareAndSet(j, j + 1)) {
                    return j;
                }
            }
        }
    }

    /**
     * @param own the engine's oracle and bounds, which worker 0 (the engine's thread) shares
     * @param threads workers in all, the engine's thread included ({@code pool} runs the others)
     */
    LayerSplit(ExecutorService pool, int threads, int roundSize, Oracle own, LiveBound ownBounds, JobModel jm,
               Options opt, Budget.Meter meter, LiveBound.Mutation mutation, boolean additive, Trail trail) {
        this.pool = pool;
        this.roundSize = Math.max(1, roundSize);
        this.additive = additive;
        this.trail = trail;
        workers = new Expander[threads];
        bounds = new LiveBound[threads];
        SharedBatches shared = new SharedBatches();
        SharedLimits limits = new SharedLimits();
        for (int w = 0; w < threads; w++) {
            Oracle oracle = w == 0 ? own : new Oracle(own.taskSet(), meter);
            bounds[w] = w == 0 ? ownBounds : new LiveBound(own.taskSet(), oracle, jm, mutation);
            workers[w] = new Expander(oracle, jm, opt, meter, bounds[w], null, additive);
            workers[w].share(shared, limits);
            if (w > 0) {
                idle.add(w);
            }
        }
        ahead = 8 * threads;
    }

    /**
     * Keeps the last {@code k} workers out of the rounds until {@link #widen}: their thread runs
     * something else meanwhile (the depth-first turns of {@link AutoSearch}). Before the first round.
     */
    void reserve(int k) {
        for (int w = workers.length - 1; w >= Math.max(1, workers.length - k); w--) {
            idle.remove(w);
            reserved.add(w);
        }
    }

    /** Lets the reserved workers take part in the rounds from the next one on. */
    void widen() {
        idle.addAll(reserved);
        reserved.clear();
    }

    /**
     * The successors of {@code v}, just popped from the shallowest layer of {@code frontier}, as
     * one thread would offer them. Blocks until they are made (helping with the round meanwhile).
     */
    BufferedSuccessors successorsOf(Vertex v, Frontier.Layered frontier) {
        long t0 = System.nanoTime();
        if (round == null || round.pos >= round.vertices.size() || round.vertices.get(round.pos) != v) {
            pause();
            List<Vertex> vs = new ArrayList<>(roundSize);
            vs.add(v);
            vs.addAll(frontier.following(v.depth, roundSize - 1));
            round = new Round(vs, additive ? costs(vs) : null);
        }
        Round r = round;
        // Workers run at most `ahead` vertices ahead of the insertion: the lists they hold are bounded.
        r.limit = Math.min(r.vertices.size(), r.pos + ahead);
        for (int n = idle.size(); n > 0 && r.next.get() < r.limit; n--) {
            r.running.add(pool.submit(() -> work(r)));
        }
        CompletableFuture<BufferedSuccessors> f = r.results.get(r.pos);
        while (!f.isDone()) {
            int j = r.claim();
            if (j < 0) {
                break;
            }
            expand(r, j, 0);
        }
        int at = r.pos++;
        try {
            return f.join();
        } catch (CompletionException e) {
            rethrowUnchecked(e.getCause());
            throw e;
        } finally {
            r.results.set(at, null); // completed and handed out: the round keeps no list it has inserted
            ownNanos += System.nanoTime() - t0;
        }
    }

    /** The costs of the paths kept for each vertex's times: the workers must not read the growing trail. */
    private long[][] costs(List<Vertex> vs) {
        long[][] c = new long[vs.size()][];
        for (int i = 0; i < vs.size(); i++) {
            Vertex v = vs.get(i);
            c[i] = new long[v.size];
            for (int j = 0; j < v.size; j++) {
                c[i][j] = trail.cost(v.trails[j]);
            }
        }
        return c;
    }

    /** A pool task: takes an idle worker's scratch and expands claimed vertices until none is left to claim. */
    private void work(Round r) {
        Integer worker = idle.poll();
        if (worker == null) {
            return;
        }
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        try {
            for (int j = r.claim(); j >= 0; j = r.claim()) {
                expand(r, j, worker);
            }
        } finally {
            idle.add(worker);
            busy.addAndGet(System.nanoTime() - t0);
            long cpu = THREADS.getCurrentThreadCpuTime();
            helperCpu.addAndGet(cpu0 < 0 || cpu < 0 ? 0 : cpu - cpu0);
        }
    }

    private void expand(Round r, int j, int worker) {
        long t0 = System.nanoTime();
        CompletableFuture<BufferedSuccessors> out = r.results.get(j);
        try {
            BufferedSuccessors b = new BufferedSuccessors(r.vertices.get(j), r.costs == null ? null : r.costs[j]);
            out.complete(b.fill(workers[worker]));
        } catch (Throwable t) {
            out.completeExceptionally(t);
        } finally {
            long spent = System.nanoTime() - t0;
            fill.addAndGet(spent);
            if (worker == 0) {
                ownFillNanos += spent;
            }
        }
    }

    /**
     * Stops the workers from claiming more vertices and waits for those they are expanding: no
     * worker runs while the engine is not stepping. Successors already made are kept for the
     * next step, which pops the same vertices next.
     */
    void pause() {
        Round r = round;
        if (r == null) {
            return;
        }
        r.limit = 0;
        awaitAll(r.running);
        r.running.clear();
    }

    /**
     * Waits for {@code tasks} to end, keeping an interrupt for the caller. A task's failure is left
     * to the caller's own record of it (expand() hands every failure to its vertex's result).
     */
    public static void awaitAll(List<? extends Future<?>> tasks) {
        boolean interrupted = false;
        for (Future<?> f : tasks) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Throws a task's failure {@code t} (null: none) again, on the thread that waited, when it is unchecked. */
    public static void rethrowUnchecked(Throwable t) {
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
    }

    /** Time the necessary conditions took on the other workers (worker 0's are the engine's). */
    long boundNanos() {
        return Arrays.stream(bounds, 1, bounds.length).mapToLong(LiveBound::nanos).sum();
    }
}
