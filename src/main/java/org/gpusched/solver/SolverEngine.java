package org.gpusched.solver;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.ParallelPortfolio;
import org.chocosolver.solver.Solver;
import org.chocosolver.solver.search.limits.FailCounter;
import org.chocosolver.solver.search.loop.monitors.IMonitorClose;
import org.chocosolver.solver.search.loop.monitors.IMonitorSolution;
import org.chocosolver.solver.search.strategy.Search;
import org.chocosolver.solver.search.strategy.selectors.values.IntDomainMin;
import org.chocosolver.solver.search.strategy.selectors.variables.DomOverWDeg;
import org.chocosolver.solver.search.strategy.selectors.variables.InputOrder;
import org.chocosolver.solver.search.strategy.selectors.variables.Smallest;
import org.chocosolver.solver.search.strategy.strategy.AbstractStrategy;
import org.chocosolver.solver.variables.IntVar;
import org.chocosolver.util.ESat;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The solver engine: the relaxation of {@link FrameModel} given to Choco. No solution proves the
 * set not schedulable; a solution is played as PBS ({@link Decoder}) and returned as a schedule
 * only when the table checker accepts the frames. Worker 0 learns clauses from its conflicts,
 * each step checked ({@link CheckedLearning}). With one worker the search is deterministic (fixed
 * seed, no clock in any decision); with several, Choco's portfolio runs differently searching
 * copies of the model and the first to finish wins.
 */
public final class SolverEngine {
    public static final String NAME = "solver";
    /** The solver's seed: fixed, so that a run with one solver worker is reproducible. */
    private static final long SEED = 20_261_126L;
    static final String METHOD = "gpusched(engine=solver)";
    /** Solutions of the relaxation tried as PBS schedules before the engine gives up (each one differs). */
    static final int CANDIDATES = 64;

    private final TaskSet ts;
    private final int workers;
    private final FrameModel.Mutation mutation;
    /** Whether worker 0 learns clauses from its conflicts (always, but for the tests that compare). */
    private final boolean learning;

    public SolverEngine(TaskSet ts, int workers) {
        this(ts, workers, FrameModel.Mutation.NONE, true);
    }

    /** For the property test: a deliberately wrong model, or worker 0 without conflict learning. */
    SolverEngine(TaskSet ts, int workers, FrameModel.Mutation mutation, boolean learning) {
        this.ts = ts;
        this.workers = Math.max(1, workers);
        this.mutation = mutation;
        this.learning = learning;
    }

    public Analysis analyze(Budget.Meter meter) {
        long t0 = System.nanoTime();
        String refusal = FrameModel.refusal(ts);
        if (refusal != null) {
            return new Analysis(Verdict.INCONCLUSIVE, METHOD, stats(0, 0, t0, meter), List.of(), null, refusal);
        }
        Oracle oracle = new Oracle(ts, meter);
        try {
            return solve(oracle, meter, t0);
        } catch (Budget.Exhausted e) {
            return new Analysis(Verdict.INCONCLUSIVE, METHOD, stats(0, 0, t0, meter), List.of(), null, e.getMessage());
        } catch (OutOfMemoryError e) {
            return new Analysis(Verdict.INCONCLUSIVE, METHOD, Stats.EMPTY, List.of(), null, Budget.OUT_OF_MEMORY);
        } finally {
            oracle.detachMeter();
        }
    }

    private Analysis solve(Oracle oracle, Budget.Meter meter, long t0) {
        Found found = new Found();
        Tally tally = new Tally();
        List<FrameModel> models = new ArrayList<>();
        // The solver's states are its search nodes, summed over its workers and its searches.
        SearchBudget budget = new SearchBudget(meter, () -> {
            long n = tally.nodes;
            for (FrameModel m : models) {
                n += m.model.getSolver().getNodeCount();
            }
            return n;
        });
        if (workers == 1) {
            // Worker 0 learns; a search whose learning broke proves nothing, and the same search without
            // learning takes over for the budget left.
            for (boolean learn = learning; ; learn = false) {
                models.add(worker(0, oracle, budget, found));
                Analysis out = one(models.get(0), learn, oracle, budget, t0, found, tally);
                models.clear();
                if (out != null || budget.note() != null || !tally.broken) {
                    return out != null ? out : inconclusive(tally, budget, t0, meter);
                }
            }
        }
        for (int w = 0; w < workers; w++) {
            models.add(worker(w, oracle, budget, found));
        }
        // Worker 0 learns. Choco's portfolio stops every worker when a reliable one ends without a solution;
        // worker 0 is not one (a broken search ends so too), and stops the others itself when it refutes.
        Solver learner = models.get(0).model.getSolver();
        CheckedLearning checked = learning ? CheckedLearning.plug(learner) : null;
        AtomicBoolean refuted = new AtomicBoolean();
        learner.plugMonitor(new IMonitorClose() {
            @Override
            public void afterClose() {
                refuted.set((checked == null || !checked.broken()) && learner.isFeasible() == ESat.FALSE);
            }
        });
        ParallelPortfolio p = new ParallelPortfolio(false);
        p.addModel(models.get(0).model, false);
        for (FrameModel m : models.subList(1, models.size())) {
            m.model.getSolver().addStopCriterion(refuted::get);
            p.addModel(m.model);
        }
        boolean any = p.solve();
        for (FrameModel m : models) {
            tally.nodes += m.model.getSolver().getNodeCount();
            tally.fails += m.model.getSolver().getFailCount();
        }
        if (any) {
            tally.tried = 1;
            List<Frame> frames = checked(oracle, models.get(0).items, found.take());
            if (frames != null) {
                return schedulable(frames, tally.nodes, tally.fails, t0, meter);
            }
        } else if (budget.note() == null && (refuted.get() || models.subList(1, models.size()).stream()
                .anyMatch(m -> m.model.getSolver().isFeasible() == ESat.FALSE))) {
            return infeasible(tally.nodes, tally.fails, t0, meter);
        }
        return inconclusive(tally, budget, t0, meter);
    }

    /** The model of worker w with its search, stopped by the budget, its solutions offered to found. */
    private FrameModel worker(int w, Oracle oracle, SearchBudget budget, Found found) {
        FrameModel fm = new FrameModel(ts, oracle, mutation, budget);
        configure(fm, w);
        Solver s = fm.model.getSolver();
        s.addStopCriterion(budget::spent);
        s.plugMonitor((IMonitorSolution) () -> found.offer(fm));
        return fm;
    }

    /**
     * One worker alone: up to {@link #CANDIDATES} solutions of the relaxation, each one differing
     * in which kernels share a frame or in their order, played as PBS until one checks. Null when
     * undecided (the tally then says how far it got, and whether its learning broke).
     */
    private Analysis one(FrameModel fm, boolean learn, Oracle oracle, SearchBudget budget, long t0, Found found,
            Tally tally) {
        Budget.Meter meter = budget.meter();
        Solver s = fm.model.getSolver();
        IntVar[] decisions = fm.decisions();
        if (decisions.length > 0) {
            s.setNoGoodRecordingFromSolutions(decisions);
        }
        CheckedLearning learning = learn ? CheckedLearning.plug(s) : null;
        int candidates = decisions.length > 0 ? CANDIDATES : 1;
        int tried = 0;
        Analysis out = null;
        while (out == null && tried < candidates && s.solve()) {
            tried++;
            List<Frame> frames = checked(oracle, fm.items, found.take());
            if (frames != null) {
                out = schedulable(frames, tally.nodes + s.getNodeCount(), tally.fails + s.getFailCount(), t0, meter);
            }
        }
        tally.tried += tried;
        tally.nodes += s.getNodeCount();
        tally.fails += s.getFailCount();
        tally.broken = learning != null && learning.broken();
        if (out == null && tried == 0 && !tally.broken && s.isFeasible() == ESat.FALSE && budget.note() == null) {
            out = infeasible(tally.nodes, tally.fails, t0, meter);
        }
        return out;
    }

    private Analysis inconclusive(Tally tally, SearchBudget budget, long t0, Budget.Meter meter) {
        String note = budget.note() != null ? budget.note()
                : "the relaxation has solutions, and none of the " + tally.tried + " tried played as a PBS schedule";
        return new Analysis(Verdict.INCONCLUSIVE, METHOD, stats(tally.nodes, tally.fails, t0, meter), List.of(), null,
                note);
    }

    /** Solutions tried, search nodes and failures over the searches run, and whether the last one's learning broke. */
    private static final class Tally {
        int tried;
        long nodes;
        long fails;
        boolean broken;
    }

    /**
     * The search of worker w. Worker 0 decides, pair by pair in order of release, whether two
     * kernels share a frame (tried first) and which runs first (the earlier deadline first), and
     * after a kernel's last pair which frame ends where it starts ("none" first); the times then
     * follow by propagation, each at its earliest; it learns from its conflicts ({@link CheckedLearning},
     * plugged once the model is complete). Worker 1 does the same by the
     * pairs' conflict weights, restarting (Luby) with a seed; worker 2 places frames at the
     * earliest start (list scheduling); further workers are worker 1 with other seeds.
     */
    private void configure(FrameModel fm, int w) {
        Model m = fm.model;
        Solver s = m.getSolver();
        IntVar[] decisions = fm.decisions();
        List<AbstractStrategy<IntVar>> plan = new ArrayList<>();
        if (w == 2) {
            plan.add(Search.intVarSearch(new Smallest(), new IntDomainMin(), fm.start));
        }
        if (decisions.length > 0) {
            plan.add(w == 0 || w == 2 ? Search.lastConflict(Search.intVarSearch(new InputOrder<>(m), fm::firstValue,
                    decisions))
                    : Search.lastConflict(Search.intVarSearch(new DomOverWDeg<>(decisions, SEED + w), fm::firstValue,
                            decisions)));
        }
        plan.add(Search.inputOrderLBSearch(fm.times()));
        s.setSearch(plan.toArray(new AbstractStrategy[0]));
        if (w != 0 && w != 2) {
            s.setLubyRestart(200, new FailCounter(m, 0), Integer.MAX_VALUE);
        }
    }

    /** The frames a solution of a model with these kernels plays as, when the table checker accepts them; else null. */
    private List<Frame> checked(Oracle oracle, List<FrameModel.Item> items, long[][] times) {
        if (times == null) {
            return null;
        }
        List<Frame> frames = Decoder.play(ts, oracle, items, times[0], times[1]);
        if (frames == null || !TableChecker.check(ts, Tables.of(ts, METHOD, frames)).isEmpty()) {
            return null;
        }
        return frames;
    }

    private Analysis schedulable(List<Frame> frames, long nodes, long fails, long t0, Budget.Meter meter) {
        return new Analysis(Verdict.SCHEDULABLE, METHOD, stats(nodes, fails, t0, meter), frames, null, null);
    }

    private Analysis infeasible(long nodes, long fails, long t0, Budget.Meter meter) {
        Witness w = new Witness(List.of(), 0, 0, ts.kernelCount(), List.of("no placement of the kernels in frames meets"
                + " every deadline, even with every frame as short as the interference model allows and idle time"
                + " allowed anywhere (the solver engine's relaxation, docs/solver.md)"));
        return new Analysis(Verdict.NOT_SCHEDULABLE, METHOD, stats(nodes, fails, t0, meter), List.of(), w, null)
                .withProof(Proof.of(Proof.Kind.SOLVER));
    }

    /** Search nodes as vertices, failures as pruned; nothing else of the graph's statistics applies. */
    private static Stats stats(long nodes, long fails, long t0, Budget.Meter meter) {
        return new Stats(nodes, 0, 0, 0, 0, 0, fails, 0, System.nanoTime() - t0, meter.peakHeap());
    }

    /** The first solution's start and end times, copied when the solver reports it. */
    private static final class Found {
        private long[][] times;

        synchronized void offer(FrameModel fm) {
            if (times == null) {
                times = new long[][] {Arrays.stream(fm.start).mapToLong(IntVar::getValue).toArray(),
                        Arrays.stream(fm.end).mapToLong(IntVar::getValue).toArray()};
            }
        }

        synchronized long[][] take() {
            long[][] t = times;
            times = null;
            return t;
        }
    }
}
