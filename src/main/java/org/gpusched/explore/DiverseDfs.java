package org.gpusched.explore;

import org.gpusched.explore.bound.GreedyFirst;
import org.gpusched.explore.bound.GreedyRuns;
import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.*;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.JobLimit;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Window;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;

/**
 * Diversified depth-first searches over one shared visited set: each of {@code threads} searches
 * is the exact depth-first search of {@link GpuSchedExplorer}, on its own thread, oracle and store,
 * with its own order of successors (a salt per search), and all of them share the {@link Claims}
 * of what they pop. A pair another search claimed is skipped, so the searches split the graph
 * between them instead of repeating each other. The verdict (docs/explorer.md, "Diversified
 * depth-first threads"): schedulable when any search reaches the end of the hyperperiod (a path
 * of the scheduling graph); not schedulable only when a search ended with nothing left and no
 * skip, or when every search ended with nothing left and none was stopped (then every claimed
 * pair was explored whole by its owner); inconclusive otherwise. With one search and salt 0 it is
 * the plain depth-first search.
 */
public final class DiverseDfs {
    /** What a test makes one search do, to show that the verdict rule is what keeps skips sound. */
    enum Fault {
        NONE,
        /** Search 1 runs alone first and abandons its claims after a few states, reported as stopped (sound). */
        ABANDON,
        /** The same, but the abandoned search is taken as finished: unsound, the property test must catch it. */
        ABANDON_UNSEEN
    }

    private final TaskSet ts;
    private final Options options;
    private final int threads;
    private final int firstOrder;
    private final int lazyFrom;
    private final Fault fault;
    private final long abandonAfter;

    /**
     * @param threads    searches, each on a thread of its own (the caller's thread only waits)
     * @param firstOrder the salt index of the first search: 0 makes it the plain depth-first order,
     *                   1 when a plain depth-first search already runs beside these
     */
    public DiverseDfs(TaskSet ts, Options options, int threads, int firstOrder) {
        this(ts, options, threads, firstOrder, Engine.LAZY_FROM, Fault.NONE, 0);
    }

    /** For the tests: where lazy walks start, and a search that abandons its claims. */
    DiverseDfs(TaskSet ts, Options options, int threads, int firstOrder, int lazyFrom, Fault fault, long abandonAfter) {
        Window.require(ts);
        JobLimit.require(ts, "the exact search");
        this.ts = ts;
        this.options = options.withSearch(SearchOrder.DFS);
        this.threads = Math.max(1, threads);
        this.firstOrder = firstOrder;
        this.lazyFrom = lazyFrom;
        this.fault = fault;
        this.abandonAfter = abandonAfter;
    }

    /** The salt of search {@code i}: 0 (the plain order) for index 0. */
    static long salt(int index) {
        return index == 0 ? 0 : 0x6A09E667F3BCC909L * index + 1;
    }

    public Analysis analyze(Budget.Meter meter) {
        JobModel jm = new JobModel(ts);
        String method = "gpusched(merge=" + GpuSchedExplorer.name(options.merge()) + ", search=dfs, diversified="
                + threads + ")";
        List<GreedyRuns.Run> seeds = List.of();
        if (options.greedyFirst()) {
            Oracle oracle = new Oracle(ts, meter);
            GreedyFirst.Start start = GreedyFirst.start(ts, oracle, jm, LiveBound.Mutation.NONE, method, true);
            if (start.decided() != null) {
                return start.decided();
            }
            seeds = start.seeds();
        }
        Claims claims = new Claims();
        SharedBatches batches = new SharedBatches();
        SharedLimits limits = new SharedLimits();
        Engine[] engines = new Engine[threads];
        Budget.Meter[] meters = new Budget.Meter[threads];
        Budget whole = options.budget();
        Options each = options.withBudget(Math.max(1, whole.maxStates() / threads), whole.timeLimit());
        for (int i = 0; i < threads; i++) {
            meters[i] = meter.inner(meter.budget());
            engines[i] = new Engine(new Oracle(ts, meters[i]), jm, each, meters[i], LiveBound.Mutation.NONE, lazyFrom,
                    Workers.ONE);
            engines[i].share(claims, i, salt(firstOrder + i), batches, limits);
            engines[i].seedWith(seeds);
        }
        boolean[] abandoned = new boolean[threads];
        if (fault != Fault.NONE && threads >= 2) {
            // Deterministic for the test: search 1 claims the first states alone, then stops for good.
            engines[1].step(abandonAfter);
            abandoned[1] = true;
        }
        Throwable[] failed = new Throwable[threads];
        List<FutureTask<Void>> running = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            if (abandoned[i]) {
                continue;
            }
            int k = i;
            FutureTask<Void> dive = new FutureTask<>(() -> {
                try {
                    engines[k].run();
                } catch (Throwable e) {
                    failed[k] = e; // rethrown below, except running out of memory (then its claims are lost)
                }
                if (decisive(engines[k], failed[k])) {
                    for (Budget.Meter m : meters) {
                        m.cancel();
                    }
                }
            }, null);
            Thread t = new Thread(dive, "gpusched-dive-" + i);
            t.setDaemon(true);
            t.start();
            running.add(dive);
        }
        LayerSplit.awaitAll(running);
        for (int i = 0; i < threads; i++) {
            if (!(failed[i] instanceof OutOfMemoryError)) {
                LayerSplit.rethrowUnchecked(failed[i]);
            }
            abandoned[i] |= failed[i] != null; // out of memory: whatever it claimed was not explored
        }
        return verdict(engines, abandoned, method);
    }

    /** Whether a search's own end decides for all: a schedule, or nothing left without any skip. */
    private static boolean decisive(Engine e, Throwable failed) {
        return failed == null && (!e.finalsTrail().isEmpty() || !e.stoppedByBudget() && e.foreignSkips() == 0);
    }

    private Analysis verdict(Engine[] engines, boolean[] abandoned, String method) {
        Stats stats = Stats.EMPTY;
        for (Engine e : engines) {
            stats = Stats.plus(stats, e.snapshot(), Math::max); // the searches ran side by side
            // The paths below are rebuilt after the budget may have run out: no clock may stop them.
            e.oracle().detachMeter();
        }
        for (Engine e : engines) {
            if (!e.finalsTrail().isEmpty()) {
                return new Analysis(Verdict.SCHEDULABLE, method, stats, e.schedule(), null, null);
            }
        }
        boolean allDone = true;
        String note = null;
        Engine deepest = null;
        for (int i = 0; i < engines.length; i++) {
            Engine e = engines[i];
            boolean stopped = abandoned[i] && fault != Fault.ABANDON_UNSEEN || e.stoppedByBudget();
            if (!stopped && !abandoned[i] && e.foreignSkips() == 0) {
                return refuted(e, stats, method); // it explored everything alone
            }
            if (stopped) {
                allDone = false;
                if (note == null || Budget.CANCELLED.equals(note)) {
                    note = e.budgetNote() != null ? e.budgetNote() : "a diversified search was abandoned";
                }
            }
            if (deepest == null || e.snapshot().maxDepth() > deepest.snapshot().maxDepth()) {
                deepest = e;
            }
        }
        if (allDone) {
            return refuted(deepest, stats, method);
        }
        return new Analysis(Verdict.INCONCLUSIVE, method, stats, List.of(), deepest.witness(), note);
    }

    private static Analysis refuted(Engine e, Stats stats, String method) {
        return new Analysis(Verdict.NOT_SCHEDULABLE, method, stats, List.of(), e.witness(), null)
                .withProof(Proof.of(Proof.Kind.EXHAUSTIVE_SEARCH));
    }
}
