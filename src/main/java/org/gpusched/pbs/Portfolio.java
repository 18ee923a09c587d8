package org.gpusched.pbs;

import org.gpusched.explore.BesideSearch;
import org.gpusched.explore.DiverseDfs;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.solver.SolverEngine;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.*;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The engines of {@code --engine}: the graph search, the solver engine, or both side by side.
 * Both are sound (a schedule either returns is one the table checker accepted or a path of the
 * scheduling graph; a refutation is a proof), so the first verdict that is not inconclusive is
 * the answer, and the other engine is stopped. The solver starts only when the graph search has
 * not decided within {@link #HEAD_START_MS}: easy sets never pay for it. It sits behind
 * {@link PbsQuestion}, above both engines' rooms, so it only ever calls down into them.
 */
final class Portfolio {
    private static final Logger LOG = LoggerFactory.getLogger(Portfolio.class);
    /** How long the graph search runs alone before the solver joins it. */
    static final long HEAD_START_MS = 200;

    private Portfolio() { }

    /** The fewest threads on which {@code auto} means the portfolio. */
    static final int AUTO_PORTFOLIO_FROM = 3;

    /**
     * The engine {@code auto} means for this many threads: the graph search below
     * {@link #AUTO_PORTFOLIO_FROM}. On two threads the portfolio's solver worker takes half the
     * CPU and, on the hard-set table of two vCPUs, decided none of 60 sets, while the graph search
     * on both threads decided 58 against the portfolio's 53 (docs/performance.md).
     */
    static EngineKind resolve(EngineKind e, int threads) {
        return e == EngineKind.AUTO ? (threads >= AUTO_PORTFOLIO_FROM ? EngineKind.PORTFOLIO : EngineKind.GRAPH) : e;
    }

    /** The analysis by the engine the options name, on a set whose steady-state window the engines analyse. */
    static Analysis analyze(TaskSet ts, Options o, Budget.Meter meter) {
        EngineKind kind = resolve(o.engine(), o.threads());
        if (kind == EngineKind.GRAPH) {
            meter.running("graph search");
            Analysis a = graph(new GpuSchedExplorer(ts, o), meter);
            return o.engine() == EngineKind.GRAPH ? a : a.withEngine("graph");
        }
        if (kind == EngineKind.SOLVER) {
            meter.running("solver");
            // One worker whatever --threads: Choco's parallel workers race, and which one finds its
            // solution first would change the table from run to run; one worker gives the same bytes.
            // On a thread of its own: the solver's first propagation of a large model polls no meter,
            // and the answer does not wait for it once a budget is spent.
            CompletableFuture<Analysis> f = CompletableFuture.supplyAsync(() -> new SolverEngine(ts, 1).analyze(meter),
                    Portfolio::daemon);
            return withinBudget(f, meter, SolverEngine.NAME, true).withEngine(SolverEngine.NAME);
        }
        return race(ts, o, meter, HEAD_START_MS);
    }

    /**
     * The graph search's analysis on a thread of its own, given by the caller once the time limit
     * has passed and the search has not ended {@link #GRACE_MS} later: a search step that polls the
     * clock too seldom (a state whose candidate batches take long to list, on a loaded machine)
     * then cannot hold the answer back. Such an answer has no deepest path to show.
     */
    static Analysis graph(GpuSchedExplorer ex, Budget.Meter meter) {
        CompletableFuture<Analysis> f = CompletableFuture.supplyAsync(() -> ex.analyze(meter), Portfolio::daemon);
        return withinBudget(f, meter, ex.method(), false);
    }

    /** Solver workers beside a graph search on {@code threads} threads: half, at most four (each copies the model). */
    static int solverWorkers(int threads) {
        return Math.max(1, Math.min(4, threads / 2));
    }

    /**
     * Diversified depth-first threads beside the graph search, of the {@code rest} threads left
     * after the solver's: all but one, which the graph search keeps (its breadth-first split gains
     * little on more threads, docs/performance.md); none where the question is not "is there a
     * schedule" (--stop all, a recorded graph) or another search order was asked for.
     */
    static int dives(Options o, int rest) {
        boolean depthFirst = o.search() == SearchOrder.AUTO || o.search() == SearchOrder.DFS;
        return rest >= 2 && depthFirst && o.stop() == StopRule.FIRST && o.graphLimit() == 0 ? rest - 1 : 0;
    }

    /**
     * The sweeps and relaxations of {@link BesideSearch} on threads of their own, in this order as
     * threads permit: what decides the sets near the boundary (docs/performance.md), where the
     * graph search runs them in turns on one thread.
     */
    static final BesideSearch.Part[] BESIDE = {BesideSearch.Part.SWEEPS, BesideSearch.Part.RELAXATION,
        BesideSearch.Part.READY_SWEEPS, BesideSearch.Part.LEFT_OUT_RELAXATION};

    /**
     * Threads for {@link #BESIDE} of the {@code rest} left after the solver's: from 4 on, all but
     * two (which the graph search keeps: its depth-first turns run ahead on the second), at most
     * one per part, the diversified searches taking what is left.
     */
    static int beside(Options o, int rest) {
        return rest >= 4 && BesideSearch.apply(o) ? Math.min(BESIDE.length, rest - 2) : 0;
    }

    /** The portfolio; {@code headStartMs} of the graph search alone first (the tests race from the start). */
    static Analysis race(TaskSet ts, Options o, Budget.Meter meter, long headStartMs) {
        int workers = solverWorkers(o.threads());
        int rest = Math.max(1, o.threads() - workers);
        int beside = beside(o, rest);
        // With parts beside it the graph search keeps two threads, else one.
        int dives = dives(o, beside > 0 ? rest - beside - 1 : rest);
        GpuSchedExplorer explorer = new GpuSchedExplorer(ts, o.withThreads(rest - beside - dives));
        Racers r = new Racers(meter, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        meter.running("graph search");
        r.start("graph search", m -> explorer.analyze(m).withEngine("graph"));
        Analysis early = await(r.racing().get(0), headStartMs);
        // A budget the graph search spent alone is spent for the whole portfolio: nothing else starts.
        if (early != null && (early.verdict() != Verdict.INCONCLUSIVE || Budget.spent(early.note()))) {
            return early;
        }
        r.start("solver", m -> new SolverEngine(ts, workers).analyze(m).withEngine(SolverEngine.NAME));
        for (int i = 0; i < beside; i++) {
            BesideSearch.Part part = BESIDE[i];
            r.start(part.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
                    m -> checked(ts, new BesideSearch(ts, o).analyze(part, m)).withEngine("graph"));
        }
        if (dives > 0) {
            // Their first order is 1: the graph search already runs the plain depth-first order.
            r.start("diversified depth-first searches",
                    m -> checked(ts, new DiverseDfs(ts, o, dives, 1).analyze(m)).withEngine("graph"));
        }
        meter.running(String.join(" + ", r.names()));
        return first(r.racing(), r.meters(), r.names(), o.stop() == StopRule.ALL, meter, explorer.method());
    }

    /** The parts of one race: each runs under an inner meter of {@code meter}, named in the log. */
    private record Racers(Budget.Meter meter, List<CompletableFuture<Analysis>> racing, List<Budget.Meter> meters,
            List<String> names) {
        /** Starts {@code part} on a daemon thread of its own. */
        void start(String name, Function<Budget.Meter, Analysis> part) {
            Budget.Meter m = meter.inner(meter.budget());
            racing.add(CompletableFuture.supplyAsync(() -> part.apply(m), Portfolio::daemon));
            meters.add(m);
            names.add(name);
        }
    }

    /**
     * The first verdict that is not inconclusive (the others are then stopped); when none decides,
     * the graph search's analysis (its deepest path says more than the solver's nothing). A part
     * that ran out of a budget (states, time, heap) spends it for all: the others are stopped and the
     * answer is inconclusive. With {@code --stop all} only the graph search's schedule is an answer
     * (it is the one chosen by the objective); a refutation of any part still is.
     */
    static Analysis first(List<CompletableFuture<Analysis>> racing, List<Budget.Meter> meters,
            List<String> names, boolean objective, Budget.Meter meter, String graphMethod) {
        List<Integer> open = IntStream.range(0, racing.size()).boxed().collect(Collectors.toCollection(ArrayList::new));
        long t0 = System.nanoTime();
        long[] ends = new long[racing.size()];
        List<CompletableFuture<Analysis>> timed = IntStream.range(0, racing.size())
                .mapToObj(i -> racing.get(i).whenComplete((r, e) -> ends[i] = System.nanoTime())).toList();
        while (!open.isEmpty()) {
            try {
                CompletableFuture.anyOf(open.stream().map(racing::get).toArray(CompletableFuture[]::new))
                        .get(POLL_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // The failing engine's own join below says what went wrong.
            } catch (TimeoutException e) {
                // None ended yet: the clock is read below.
            }
            for (int k = 0; k < open.size(); k++) {
                int i = open.get(k);
                if (!racing.get(i).isDone()) {
                    continue;
                }
                open.remove(k--);
                Analysis a = join(racing.get(i));
                boolean answers = a.verdict() == Verdict.NOT_SCHEDULABLE
                        || a.verdict() == Verdict.SCHEDULABLE && (!objective || i == 0);
                if (answers || Budget.spent(a.note())) {
                    LOG.debug("portfolio: the {} ended first with {} ({})", names.get(i), a.verdict().words(),
                            a.note() == null ? "decided" : a.note());
                    meters.forEach(Budget.Meter::cancel);
                    stopAll(timed, ends, names, t0);
                    return answers || i == 0 ? a : join(racing.get(0)).withNote(a.note());
                }
            }
            String note = open.isEmpty() ? null : meter.timeNote();
            if (note != null) {
                // The limit passed and no part has noticed yet (each reads the clock between steps,
                // and a step can be long on a loaded machine): each is stopped with the limit's note
                // and has the grace to end; the graph search's analysis is the answer if it ended.
                LOG.debug("portfolio: {} and no part has stopped; stopping them", note);
                meters.forEach(m -> m.cancel(note));
                stopAll(timed, ends, names, t0);
                return racing.get(0).isDone() ? join(racing.get(0))
                        : new Analysis(Verdict.INCONCLUSIVE, graphMethod, Stats.EMPTY, List.of(), null, note)
                                .withEngine("graph");
            }
        }
        stopAll(timed, ends, names, t0);
        return join(racing.get(0));
    }

    /** How often the caller of the engines reads the clock while it waits for them. */
    static final long POLL_MS = 10;

    /** How long a stopped part may take to notice it; one that takes longer is left behind on its daemon thread. */
    static final long GRACE_MS = 250;

    /**
     * The engine's analysis, or inconclusive with the budget's note, naming {@code method}, when a
     * budget is spent and the engine has not answered {@link #GRACE_MS} later (it is left to end on
     * its daemon thread). With {@code heap} false only the clock is read here (the engine reads the
     * heap itself, and a reading may collect garbage).
     */
    static Analysis withinBudget(CompletableFuture<Analysis> f, Budget.Meter meter, String method, boolean heap) {
        while (true) {
            Analysis a = await(f, POLL_MS);
            if (a != null) {
                return a;
            }
            String note = heap ? meter.overTimeOrHeap() : meter.timeNote();
            if (note != null) {
                meter.cancel(note);
                a = await(f, GRACE_MS);
                return a != null ? a : new Analysis(Verdict.INCONCLUSIVE, method, Stats.EMPTY, List.of(), null, note);
            }
        }
    }

    /** Waits for every part to stop (each at most {@link #GRACE_MS}), and says (--verbose) which stopped last and when. */
    private static void stopAll(List<CompletableFuture<Analysis>> timed, long[] ends, List<String> names, long t0) {
        long until = System.nanoTime() + GRACE_MS * 1_000_000L;
        for (int i = 0; i < timed.size(); i++) {
            if (await(timed.get(i).exceptionally(e -> null), Math.max(0, (until - System.nanoTime()) / 1_000_000L))
                    == null && !timed.get(i).isDone()) {
                ends[i] = Long.MAX_VALUE;
                LOG.debug("portfolio: the {} has not stopped within {} ms; left behind", names.get(i), GRACE_MS);
            }
        }
        int last = 0;
        for (int i = 1; i < ends.length; i++) {
            last = ends[i] - ends[last] > 0 ? i : last;
        }
        if (LOG.isDebugEnabled() && ends[last] == Long.MAX_VALUE) {
            LOG.debug("portfolio: the {} had not stopped when the answer was given (left behind, still running)",
                    names.get(last));
        } else if (LOG.isDebugEnabled()) {
            LOG.debug(String.format(java.util.Locale.ROOT, "portfolio: the last part to stop was the %s, %.1f ms after"
                    + " the race began", names.get(last), (ends[last] - t0) / 1e6));
        }
    }

    /**
     * A schedule of the diversified searches or of a sweep, accepted only when the table checker accepts it too
     * (it is a path of the scheduling graph, so this never rejects one; a rejection would be a bug,
     * and it is then no verdict).
     */
    private static Analysis checked(TaskSet ts, Analysis a) {
        if (a.verdict() != Verdict.SCHEDULABLE
                || TableChecker.check(ts, Tables.of(ts, a.method(), a.schedule())).isEmpty()) {
            return a;
        }
        return new Analysis(Verdict.INCONCLUSIVE, a.method(), a.stats(), List.of(), null,
                "a diversified search's schedule failed the table checker");
    }

    /** The engine's analysis; what it threw is rethrown as it was (an input error stays one). */
    private static Analysis join(CompletableFuture<Analysis> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            throw rethrown(e.getCause());
        }
    }

    /** The analysis when it ends within {@code ms}, else null (it goes on). */
    private static Analysis await(CompletableFuture<Analysis> f, long ms) {
        try {
            return f.get(ms, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return f.join();
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    /** What an engine threw, to be thrown again as it was (an input error stays one): an Error is thrown here. */
    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof Error err) {
            throw err;
        }
        return cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
    }

    /** Each engine on a thread of its own that never keeps the JVM alive. */
    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "gpusched-engine");
        t.setDaemon(true);
        t.start();
    }
}
