package org.gpusched.solver;

import org.gpusched.explore.Analysis;
import org.gpusched.explore.EngineKind;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.Options;
import org.gpusched.explore.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The engines of {@code --engine}: the graph search, the solver engine, or both side by side.
 * Both are sound (a schedule either returns is one the table checker accepted or a path of the
 * scheduling graph; a refutation is a proof), so the first verdict that is not inconclusive is
 * the answer, and the other engine is stopped. The solver starts only when the graph search has
 * not decided within {@link #HEAD_START_MS}: easy sets never pay for it.
 */
public final class Portfolio {
    /** How long the graph search runs alone before the solver joins it. */
    static final long HEAD_START_MS = 200;
    /** The solver's seed: fixed, so that a run with one solver worker is reproducible. */
    public static final long SEED = 20_261_126L;

    private Portfolio() { }

    /** The engine {@code auto} means for this many threads. */
    public static EngineKind resolve(EngineKind e, int threads) {
        return e == EngineKind.AUTO ? (threads >= 2 ? EngineKind.PORTFOLIO : EngineKind.GRAPH) : e;
    }

    /** The analysis by the engine the options name, on a set whose steady-state window the engines analyse. */
    public static Analysis analyze(TaskSet ts, Options o, Budget.Meter meter) {
        EngineKind kind = resolve(o.engine(), o.threads());
        if (kind == EngineKind.GRAPH) {
            Analysis a = new GpuSchedExplorer(ts, o).analyze(meter);
            return o.engine() == EngineKind.GRAPH ? a : a.withEngine("graph");
        }
        if (kind == EngineKind.SOLVER) {
            return new SolverEngine(ts, o.threads(), SEED).analyze(meter).withEngine(SolverEngine.NAME);
        }
        return race(ts, o, meter);
    }

    /** Solver workers beside a graph search on {@code threads} threads: half, at most four (each copies the model). */
    static int solverWorkers(int threads) {
        return Math.max(1, Math.min(4, threads / 2));
    }

    private static Analysis race(TaskSet ts, Options o, Budget.Meter meter) {
        int workers = solverWorkers(o.threads());
        Options graphOptions = o.withThreads(Math.max(1, o.threads() - workers));
        Budget.Meter graphMeter = meter.inner(meter.budget());
        CompletableFuture<Analysis> graph = CompletableFuture.supplyAsync(
                () -> new GpuSchedExplorer(ts, graphOptions).analyze(graphMeter).withEngine("graph"), Portfolio::daemon);
        Analysis early = await(graph, HEAD_START_MS);
        if (early != null && early.verdict() != Verdict.INCONCLUSIVE) {
            return early;
        }
        Budget.Meter solverMeter = meter.inner(meter.budget());
        CompletableFuture<Analysis> solver = CompletableFuture.supplyAsync(
                () -> new SolverEngine(ts, workers, SEED).analyze(solverMeter).withEngine(SolverEngine.NAME),
                Portfolio::daemon);
        try {
            CompletableFuture.anyOf(graph, solver).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // The failing engine's own join below says what went wrong.
        }
        boolean graphFirst = graph.isDone();
        Analysis first = join(graphFirst ? graph : solver);
        if (first.verdict() == Verdict.INCONCLUSIVE) {
            // The other may still decide.
            Analysis other = join(graphFirst ? solver : graph);
            if (other.verdict() != Verdict.INCONCLUSIVE) {
                return other;
            }
            // Neither decided: the graph search's deepest path says more than the solver's nothing.
            return graphFirst ? first : other;
        }
        (graphFirst ? solverMeter : graphMeter).cancel();
        (graphFirst ? solver : graph).exceptionally(e -> null).join();
        return first;
    }

    /** The engine's analysis; what it threw is rethrown as it was (an input error stays one). */
    private static Analysis join(CompletableFuture<Analysis> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
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
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** Each engine on a thread of its own that never keeps the JVM alive. */
    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "gpusched-engine");
        t.setDaemon(true);
        t.start();
    }
}
