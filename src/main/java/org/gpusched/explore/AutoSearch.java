package org.gpusched.explore;

import org.gpusched.explore.bound.SideSearches;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Stats;

import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.function.BooleanSupplier;

/**
 * {@link SearchOrder#AUTO}: a depth-first and a breadth-first engine take turns of a fixed number
 * of states, and the first to decide wins. The turns form one fixed sequence dfs, bfs, dfs, bfs,
 * ...; with two threads ({@code --threads}) a breadth-first turn and the depth-first turn after it
 * run at once, each engine on its own oracle, and the outcomes are still read in that sequence,
 * with the partner's statistics as they were at that point of the sequence. So the verdict, the
 * schedule and the statistics are those of one thread, only sooner (a turn run ahead that the
 * sequence never reaches is thrown away). The breadth-first engine splits its layers over the
 * threads itself ({@link LayerSplit}). Turns count states, not time: deterministic. A
 * breadth-first engine that meets a state with too many candidate batches to materialise retires,
 * and depth-first (which walks such states lazily) goes on alone.
 *
 * <p>Depth-first gives way when it is hopeless: if after a turn (the first, since its deepest path
 * only grows) its deepest path has done fewer than 1/{@link #HOPELESS_SHARE} of the hyperperiod's
 * kernels, the set fails early everywhere (the over-utilised sets, which only a whole exploration
 * decides), and breadth-first takes every turn from then on (until it retires as above), with
 * the depth-first thread's share of its layers (each engine is exact alone). The rule reads the sequence's own counts:
 * deterministic. It looks at whole turns only: a part of the first turn (1,000 states, from the
 * greedy runs' seeds) does not tell the sets apart, the deepest path of a feasible 16-task set at
 * U = 1.4 being then as short as an over-utilised one's (24 of 505 kernels against 14 to 78).
 *
 * <p>The earliest-time sweep and the window relaxations ({@link SideSearches}) take a turn after each
 * depth-first check, before breadth-first's turn: {@link #WINDOW_SHARE} times a turn's states
 * (their states are a hundred times cheaper). The sweep can only find schedules and the relaxations
 * can only refute; either ends the search at that point of the sequence, so the outcome stays that
 * of one thread. With two threads they run on the caller's thread, before breadth-first's turn,
 * while the helper runs depth-first's turn ahead (stopped and thrown away when they decide). On
 * sets of {@link GpuSchedExplorer#GREEDY_FROM} kernels or more they also take a quarter turn first.
 */
final class AutoSearch {
    /**
     * The engine that decided (or ran out of budget) and its partner's statistics at that point;
     * {@code byWindow}: the window relaxations refuted the set there; {@code partner} then holds
     * both engines' statistics at that point of the sequence, summed.
     */
    record Outcome(Engine decider, Stats partner, String inconclusiveNote, boolean byWindow, long[] vertices) {
        /** Vertices per depth to report: depth-first's when the window turn decided (a turn ahead not counted). */
        long[] verticesPerDepth() {
            return vertices != null ? vertices : decider.verticesPerDepth();
        }
    }

    /** A window turn's states, in depth-first turns. */
    static final int WINDOW_SHARE = 50;
    private final SideSearches window;
    private final long windowTurn;
    private final boolean windowFirst;
    private final Runnable cancelDfs;
    /** Depth-first's vertices per depth before the window turn now running. */
    private long[] dfsVertices;
    /** Whether breadth-first's last turn ended its exploration (set by {@link #windowThenBfs}). */
    private boolean bfsOver;

    private final Engine dfs;
    private final Engine bfs;
    private final long turn;
    private final long maxStates;
    private final boolean parallel;
    /** The share of the hyperperiod's kernels depth-first's deepest path must reach not to give way. */
    static final int HOPELESS_SHARE = 8;
    private final int kernels;
    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();
    /** CPU time the second thread spent (the caller's own thread is measured by the caller). */
    long helperCpuNanos;

    /**
     * @param kernels     the kernels of the hyperperiod (the hopeless rule's yardstick)
     * @param window      the window relaxations' turns, or null for none
     * @param windowFirst whether they also take a quarter turn before depth-first's first
     * @param cancelDfs   stops a depth-first turn running ahead (its engine's own meter), once the
     *                    turns beside the search decided before it in the sequence
     */
    AutoSearch(Engine dfs, Engine bfs, Options options, int kernels, SideSearches window, boolean windowFirst,
               Runnable cancelDfs) {
        this.cancelDfs = cancelDfs;
        this.window = window;
        this.windowFirst = windowFirst;
        this.kernels = kernels;
        this.dfs = dfs;
        this.bfs = bfs;
        this.turn = Math.max(1, options.diveStates());
        this.windowTurn = turn > Long.MAX_VALUE / WINDOW_SHARE ? Long.MAX_VALUE : turn * WINDOW_SHARE;
        this.maxStates = options.budget().maxStates();
        this.parallel = options.threads() >= 2;
    }

    Outcome run() {
        // A turn and a quarter first on sets the greedy policies left undecided: the sweep finds
        // most schedules of the sets near the boundary and the relaxations refute most
        // over-utilised sets within it, where depth-first's first turn costs far more. With two
        // threads depth-first's first turn runs on the helper meanwhile (after them in the
        // sequence: when they decide, it is stopped and thrown away).
        boolean first = window != null && windowFirst;
        Stats dfs0 = dfs.snapshot();
        Stats bfs0 = bfs.snapshot();
        dfsVertices = dfs.verticesPerDepth().clone();
        Ahead early = first && parallel ? new Ahead() : null;
        Outcome opened = beside(early, () -> first && (window.step(Math.max(1, windowTurn / 4)) || windowTurn(false)),
                dfs0, bfs0);
        if (opened != null) {
            return opened;
        }
        boolean dfsOver = early != null ? early.over : dfs.step(turn);
        boolean bfsAlive = true;
        // Depth-first has given way: breadth-first takes every turn, with all the threads.
        boolean gaveWay = false;
        while (true) {
            if (!gaveWay) {
                Outcome o = check(dfs, dfsOver, bfs.snapshot());
                if (o != null) {
                    return o;
                }
                if (bfsAlive && (long) dfs.snapshot().maxDepth() * HOPELESS_SHARE < kernels) {
                    gaveWay = true;
                    bfs.widen();
                }
            }
            Stats dfsBefore = dfs.snapshot();
            Stats bfsBefore = bfs.snapshot();
            dfsVertices = dfs.verticesPerDepth().clone();
            if (!bfsAlive) {
                if (window != null && windowTurn(gaveWay)) {
                    return refuted(dfsBefore, bfsBefore);
                }
                dfsOver = dfs.step(turn);
                continue;
            }
            // The depth-first turn after this breadth-first one, run ahead on a second thread
            // while this one takes the window turn and breadth-first's.
            Ahead ahead = parallel && !gaveWay ? new Ahead() : null;
            boolean widened = gaveWay;
            Outcome refuted = beside(ahead, () -> windowThenBfs(widened), dfsBefore, bfsBefore);
            if (refuted != null) {
                return refuted;
            }
            if (bfs.batchLimit()) {
                // A state with more candidate batches than can be materialised: breadth-first
                // retires and depth-first, which walks such states lazily, goes on alone (exact
                // alone), also after it had given way.
                bfsAlive = false;
                gaveWay = false;
            } else {
                Outcome o = check(bfs, bfsOver, dfsBefore);
                if (o != null) {
                    return o;
                }
            }
            if (!gaveWay) {
                dfsOver = ahead != null ? ahead.over : dfs.step(turn);
            }
        }
    }

    /**
     * Takes {@code turns} (true once they decided) while {@code ahead} (null: none) runs depth-first's
     * next turn, which is stopped and thrown away when they decided. The refutation with the engines'
     * statistics {@code dfsAt}, {@code bfsAt} when they did, else null, once the turn ahead's failure
     * is rethrown.
     */
    private Outcome beside(Ahead ahead, BooleanSupplier turns, Stats dfsAt, Stats bfsAt) {
        boolean decided = false;
        try {
            decided = turns.getAsBoolean();
        } finally {
            if (ahead != null) {
                ahead.finish(decided);
            }
        }
        if (decided) {
            return refuted(dfsAt, bfsAt);
        }
        if (ahead != null) {
            LayerSplit.rethrowUnchecked(ahead.failed);
        }
        return null;
    }

    /** The window turn and, unless it decided, breadth-first's ({@link #bfsOver}); true once decided. */
    private boolean windowThenBfs(boolean gaveWay) {
        if (window != null && windowTurn(gaveWay)) {
            return true;
        }
        bfsOver = bfs.step(turn);
        return false;
    }

    /**
     * Depth-first's next turn, run on a helper thread while this thread takes turns that come
     * before it in the sequence.
     */
    private final class Ahead {
        private final FutureTask<Void> task;
        private boolean over;
        private long cpu;
        private Throwable failed;

        Ahead() {
            task = new FutureTask<>(() -> {
                long cpu0 = THREADS.getCurrentThreadCpuTime();
                try {
                    over = dfs.step(turn);
                } catch (Throwable t) {
                    failed = t;
                } finally {
                    cpu = THREADS.getCurrentThreadCpuTime() - cpu0;
                }
            }, null);
            Thread thread = new Thread(task, "gpusched-dfs");
            thread.setDaemon(true);
            thread.start();
        }

        /** Waits for the turn; stopped first (and then thrown away) when what came before it decided. */
        void finish(boolean decidedBefore) {
            if (decidedBefore) {
                cancelDfs.run();
            }
            LayerSplit.awaitAll(List.of(task));
            helperCpuNanos += cpu;
        }
    }

    /**
     * A window turn, and three more once depth-first has given way: the set is then most likely
     * over-utilised, which the relaxations refute at a fraction of breadth-first's cost. True once
     * decided.
     */
    private boolean windowTurn(boolean gaveWay) {
        return window.step(windowTurn) || gaveWay && window.step(windowTurn <= Long.MAX_VALUE / 3 ? 3 * windowTurn
                : Long.MAX_VALUE);
    }

    /** The window relaxations refuted the set with the engines' statistics at that point. */
    private Outcome refuted(Stats dfsAt, Stats bfsAt) {
        return new Outcome(dfs, Stats.plus(dfsAt, bfsAt, Long::sum), null, true, dfsVertices);
    }

    private Outcome check(Engine e, boolean over, Stats partner) {
        if (!e.finalsTrail().isEmpty() || over && !e.stoppedByBudget()) {
            return new Outcome(e, partner, null, false, null);
        }
        if (e.stoppedByBudget() || e.states() + partner.states() > maxStates) {
            String note = e.stoppedByBudget() && !e.budgetNote().startsWith("state budget") ? e.budgetNote()
                    : "state budget of " + maxStates + " reached";
            return new Outcome(e, partner, note, false, null);
        }
        return null;
    }
}
