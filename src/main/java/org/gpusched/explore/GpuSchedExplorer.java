package org.gpusched.explore;

import org.gpusched.explore.bound.*;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.graph.Workers;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.JobLimit;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Window;
import org.gpusched.oracle.Oracle;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Exact PBS schedulability by exploring the GPUSched scheduling graph (the paper's section 3)
 * with domination merge, split and fast-forward. The verdict equals that of
 * {@link BruteForceExplorer} on every input (Theorem 3.13); the property tests hold it to that.
 */
public final class GpuSchedExplorer {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(GpuSchedExplorer.class);
    private final TaskSet ts;
    private final Options options;
    private final LiveBound.Mutation mutation;
    private final int lazyFrom;
    private final int greedyFrom;
    /** Vertices of a breadth-first layer handed out to the threads at a time. */
    private final int round;
    /** With two or more threads, the threads other than the caller's (during an analysis only). */
    private Workers workers = Workers.ONE;
    private ExploredGraph graph;
    private long[] verticesPerDepth = new long[0];
    private long helperCpuNanos;
    private Phases phases = Phases.NONE;

    private Budget.Meter meter;

    /**
     * The greedy policies go first from this many kernels on. Below it the search
     * itself decides in about a millisecond and hands over the table it always has (a greedy
     * table can keep much less slack: 100 us instead of 650 us on examples/rtx4090-inference.json,
     * where the H100 runs showed 20 to 60 us of runtime overhead per frame); from it, where the
     * search alone may not finish, an immediate greedy schedule is worth more.
     */
    static final int GREEDY_FROM = 12;

    public GpuSchedExplorer(TaskSet ts, Options options) {
        this(ts, options, LiveBound.Mutation.NONE, Engine.LAZY_FROM, GREEDY_FROM, LayerSplit.ROUND);
    }

    /**
     * For the tests only: a deliberately broken necessary condition (the mutation checks), the
     * number of ready tasks from which depth-first walks batches lazily, the number of kernels
     * from which the greedy policies go first (so that small random sets exercise both against
     * brute force), and the vertices of a layer handed out at a time (small: many rounds).
     */
    GpuSchedExplorer(TaskSet ts, Options options, LiveBound.Mutation mutation, int lazyFrom, int greedyFrom,
                     int round) {
        Window.require(ts);
        JobLimit.require(ts, "the exact search");
        this.round = round;
        this.ts = ts;
        this.options = options;
        this.mutation = mutation;
        this.lazyFrom = lazyFrom;
        this.greedyFrom = greedyFrom;
    }

    /** The analysis under a budget already running (e.g. one shared by the methods of compare). */
    public Analysis analyze(Budget.Meter running) {
        meter = running;
        helperCpuNanos = 0;
        ExecutorService pool = options.threads() >= 2 ? Executors.newFixedThreadPool(options.threads() - 1, daemons())
                : null;
        workers = pool == null ? Workers.ONE : new Workers(pool, options.threads(), round);
        try {
            return explore();
        } catch (OutOfMemoryError e) {
            // The budgets stop well before this; it only guards against a heap set too small to
            // hold even one state's batches. The engines are unreachable now, so memory is back.
            // No graph survives: an export after this is refused, not attempted.
            graph = null;
            return new Analysis(Verdict.INCONCLUSIVE, "gpusched", Stats.EMPTY, List.of(), null, Budget.OUT_OF_MEMORY);
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
            workers = Workers.ONE;
        }
    }

    /** The pool's threads: named, and never keeping the JVM alive. */
    private static ThreadFactory daemons() {
        AtomicInteger made = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "gpusched-layer-" + made.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * The analysis alone, on a meter started now from the options' limits (tests, one-off runs);
     * callers above the engines ask {@code PbsQuestion}, which hands on the command's running meter.
     */
    public Analysis analyze() {
        return analyze(options.budget().start());
    }

    /** The method the analysis names, known before it runs (for an answer given without it: a search left behind). */
    public String method() {
        return "gpusched(merge=" + name(options.merge()) + ", search="
                + (options.stop() == StopRule.ALL ? "bfs" : name(options.search())) + ")";
    }

    private Analysis explore() {
        Oracle oracle = new Oracle(ts, meter);
        JobModel jm = new JobModel(ts);
        // --stop all always explores breadth-first: the optimum needs every path into a state before
        // the state is expanded (its best path may still change until then), which breadth-first
        // order by completed jobs guarantees, since every frame completes a job.
        boolean all = options.stop() == StopRule.ALL;
        String method = method();
        List<GreedyRuns.Run> seeds = List.of();
        long checks0 = System.nanoTime();
        try {
            // Both early answers are skipped when the graph is drawn (it would be empty) or when
            // the plain search is asked for (the paper's curves count its vertices).
            if (options.greedyFirst() && options.graphLimit() == 0) {
                meter.phase("checks before the search");
                GreedyFirst.Start start = GreedyFirst.start(ts, oracle, jm, mutation, method,
                        !all && ts.units().size() >= greedyFrom);
                if (start.decided() != null) {
                    return start.decided();
                }
                seeds = start.seeds();
            }
        } finally {
            phases = new Phases(System.nanoTime() - checks0, 0, 0);
        }
        meter.phase("search");
        if (all || options.search() != SearchOrder.AUTO || options.graphLimit() > 0) {
            // An order asked for; or everything drawn, where breadth-first alone merges best.
            Options o = all || options.search() == SearchOrder.AUTO ? options.withSearch(SearchOrder.BFS) : options;
            return result(run(oracle, jm, o, seeds), null, jm, method);
        }
        // Depth-first finds schedules of feasible sets fast; breadth-first shares the most work on
        // infeasible ones, which must be explored whole. Each alone is exact.
        // With two threads depth-first runs ahead on a meter of its own, which stops it when the
        // turns beside the search decide first.
        Budget.Meter dfsMeter = options.threads() >= 2 ? meter.inner(meter.budget()) : meter;
        Oracle own = options.threads() >= 2 ? new Oracle(ts, dfsMeter) : oracle;
        Engine dfs = new Engine(own, jm, options.withSearch(SearchOrder.DFS), dfsMeter, mutation, lazyFrom, workers);
        dfs.seedWith(seeds);
        // With N threads the depth-first turn run ahead takes one; breadth-first splits its layers over the
        // rest, and over all N once depth-first gives way (AutoSearch).
        Engine bfs = new Engine(oracle, jm, options.withSearch(SearchOrder.BFS), meter, mutation, lazyFrom, workers);
        bfs.reserve(1);
        // The sweep and the window relaxations are early answers like the greedy runs and the global
        // demand check, and are left out with them.
        SideSearches window = options.greedyFirst()
                ? new SideSearches(ts, jm, meter, mutation, WindowRelaxation.maxLive(options),
                        oracle.monotoneCompletion(), SideSearches.LONG_SWEEP) : null;
        AutoSearch auto = new AutoSearch(dfs, bfs, options, jm.totalKernels, window,
                ts.units().size() >= greedyFrom, dfsMeter::cancel);
        AutoSearch.Outcome o = auto.run();
        helperCpuNanos = auto.helperCpuNanos + bfs.helperCpuNanos();
        logSplit(bfs);
        if (LOG.isInfoEnabled()) {
            LOG.info(String.format(java.util.Locale.ROOT, "auto: depth-first %.1f ms, breadth-first %.1f ms",
                    dfs.snapshot().elapsedMillis(), bfs.snapshot().elapsedMillis()));
        }
        phases = phases.plus(searched(dfs)).plus(searched(bfs));
        own.detachMeter();
        graph = o.decider().graph();
        verticesPerDepth = o.verticesPerDepth().clone();
        if (o.byWindow()) {
            oracle.detachMeter();
            return window.schedule() != null
                    ? new GreedyFirst(oracle, jm).found(window.schedule(), method, o.partner(), Analysis.SWEEP)
                    : window.refutation(method, o.partner());
        }
        Analysis a = result(o.decider(), o.partner(), jm, method);
        return o.inconclusiveNote() == null ? a
                : new Analysis(Verdict.INCONCLUSIVE, method, a.stats(), List.of(), a.witness(), o.inconclusiveNote());
    }

    private Engine run(Oracle oracle, JobModel jm, Options o, List<GreedyRuns.Run> seeds) {
        Engine e = new Engine(oracle, jm, o, meter, mutation, lazyFrom, workers);
        if (o.search() == SearchOrder.DFS) {
            e.seedWith(seeds);
        }
        e.run();
        helperCpuNanos = e.helperCpuNanos();
        logSplit(e);
        phases = phases.plus(searched(e));
        graph = e.graph();
        verticesPerDepth = e.verticesPerDepth().clone();
        return e;
    }

    /** The analysis an engine ended with; {@code before} is a partner engine's work, added to the statistics. */
    private Analysis result(Engine e, Stats before, JobModel jm, String method) {
        e.oracle().detachMeter();
        Stats stats = before == null ? e.snapshot() : Stats.plus(e.snapshot(), before, Long::sum);
        if (!e.finalsTrail().isEmpty()) {
            List<Frame> best = e.schedule();
            Analysis.Achieved achieved = null;
            String note = e.budgetNote();
            if (options.stop() == StopRule.ALL) {
                // Recomputed from the frames, independently of the costs the engine tracked.
                achieved = new Analysis.Achieved(options.objective(), options.objective().value(best, jm));
                if (e.stoppedByBudget()) {
                    note = note + "; the schedule is the best found so far, not proven optimal";
                }
            }
            return new Analysis(Verdict.SCHEDULABLE, method, stats, best, null, note, achieved, null, null);
        }
        Witness w = e.witness();
        if (e.stoppedByBudget()) {
            return new Analysis(Verdict.INCONCLUSIVE, method, stats, List.of(), w, e.budgetNote());
        }
        return new Analysis(Verdict.NOT_SCHEDULABLE, method, stats, List.of(), w, null)
                .withProof(Proof.of(Proof.Kind.EXHAUSTIVE_SEARCH));
    }

    /** The explored graph of the last {@link #analyze()}, when {@link Options#graphLimit()} asked for it. */
    public ExploredGraph graph() {
        return graph;
    }

    /**
     * Vertices created during the last {@link #analyze()}, indexed by depth (jobs completed on
     * the way to the vertex); length = jobs of the hyperperiod + 1.
     */
    public long[] verticesPerDepth() {
        return verticesPerDepth.clone();
    }

    private static Phases searched(Engine e) {
        return new Phases(0, e.boundNanos(), e.workNanos());
    }

    /** With --verbose: how the split layer's time went (the serial share bounds the gain of more threads). */
    private static void logSplit(Engine e) {
        long[] n = e.splitNanos();
        if (n != null && LOG.isInfoEnabled()) {
            LOG.info(String.format(java.util.Locale.ROOT, "breadth-first layer split: %.1f ms in all, %.1f ms "
                    + "inserting (serial), %.1f ms expanding (summed over the threads), %.1f ms waiting for a worker "
                    + "on the engine's thread", n[0] / 1e6, n[1] / 1e6, n[2] / 1e6, n[3] / 1e6));
        }
    }

    /** Where the last analysis spent its time (checks before the search, bounds, expansion). */
    public Phases phases() {
        return phases;
    }

    /** CPU time the last analysis spent on threads other than the caller's (--threads 2 or more). */
    public long helperCpuNanos() {
        return helperCpuNanos;
    }

    static String name(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
