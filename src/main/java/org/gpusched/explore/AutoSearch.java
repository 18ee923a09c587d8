package org.gpusched.explore;

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
 */
final class AutoSearch {
    /** The engine that decided (or ran out of budget) and its partner's statistics at that point. */
    record Outcome(Engine decider, Stats partner, String inconclusiveNote) { }

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

    /** @param kernels the kernels of the hyperperiod (the hopeless rule's yardstick) */
    AutoSearch(Engine dfs, Engine bfs, Options options, int kernels) {
        this.kernels = kernels;
        this.dfs = dfs;
        this.bfs = bfs;
        this.turn = Math.max(1, options.diveStates());
        this.maxStates = options.maxStates();
        this.parallel = options.threads() >= 2;
    }

    Outcome run() {
        boolean dfsOver = dfs.step(turn);
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
            if (!bfsAlive) {
                dfsOver = dfs.step(turn);
                continue;
            }
            Stats dfsBefore = dfs.snapshot();
            boolean[] ahead = new boolean[1];
            long[] helperCpu = new long[1];
            Throwable[] failed = new Throwable[1];
            Thread helper = null;
            if (parallel && !gaveWay) {
                // The depth-first turn after this breadth-first one, run ahead on a second thread.
                helper = new Thread(() -> {
                    long cpu0 = THREADS.getCurrentThreadCpuTime();
                    try {
                        ahead[0] = dfs.step(turn);
                    } catch (Throwable t) {
                        failed[0] = t;
                    } finally {
                        helperCpu[0] = THREADS.getCurrentThreadCpuTime() - cpu0;
                    }
                }, "gpusched-dfs");
                helper.setDaemon(true);
                helper.start();
            }
            boolean bfsOver = bfs.step(turn);
            if (helper != null) {
                join(helper);
                helperCpuNanos += helperCpu[0];
                if (failed[0] instanceof RuntimeException re) {
                    throw re;
                } else if (failed[0] instanceof Error err) {
                    throw err;
                }
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
                dfsOver = helper != null ? ahead[0] : dfs.step(turn);
            }
        }
    }

    private Outcome check(Engine e, boolean over, Stats partner) {
        if (!e.finalsTrail().isEmpty() || over && !e.stoppedByBudget()) {
            return new Outcome(e, partner, null);
        }
        if (e.stoppedByBudget() || e.states() + partner.states() > maxStates) {
            String note = e.stoppedByBudget() && !e.budgetNote().startsWith("state budget") ? e.budgetNote()
                    : "state budget of " + maxStates + " reached";
            return new Outcome(e, partner, note);
        }
        return null;
    }

    /** Waits for {@code t} to end, keeping an interrupt for the caller. */
    static void join(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
