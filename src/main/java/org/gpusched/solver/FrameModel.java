package org.gpusched.solver;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.constraints.Constraint;
import org.chocosolver.solver.variables.BoolVar;
import org.chocosolver.solver.variables.IntVar;
import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The constraint model of the solver engine: a relaxation of PBS over the kernels of the analysed
 * window [0, H), one interval [start, end) per kernel, the frame that runs it. Every PBS schedule
 * of the window gives a solution (docs/solver.md has the argument), so a model without solution
 * proves the set not schedulable; a solution is only a candidate, which {@link Decoder} turns into
 * frames that the oracle and the table checker then confirm.
 *
 * <ul>
 *   <li>a kernel starts at or after its job's release (arrival plus jitter) plus the shortest
 *       frames of the kernels before it in its chain, and ends by its job's deadline less the
 *       shortest frames of the kernels after it;</li>
 *   <li>its frame lasts at least its own completion alone, C({u}) (wcet and copies);</li>
 *   <li>kernels of one task (its jobs in order, a job's chain in order) run in frames one after
 *       the other;</li>
 *   <li>two kernels of different tasks whose windows overlap are either in one frame (same
 *       start, same end, and the frame lasts at least the pair's lower bound) or in two frames one
 *       after the other; two that can never share a frame ({@link Oracle#neverTogether}) are
 *       always apart.</li>
 * </ul>
 */
final class FrameModel {
    /** Deliberately wrong variants, for the mutation check of the property test only. */
    enum Mutation {
        NONE,
        /** A frame of two kernels is taken to last one tick longer than the interference model says. */
        PAIR_ONE_LONGER,
        /** The frame that ends where a waiting kernel starts is looked for among the other tasks' kernels only. */
        IDLE_SKIPS_OWN_TASK
    }

    /** Times must fit an {@code int} with room for a sum of two. */
    static final long MAX_TIME = Integer.MAX_VALUE / 4;

    final Model model;
    /** The kernels of the window: task, job, stage, unit. */
    final List<Item> items;
    final IntVar[] start;
    final IntVar[] end;
    final IntVar[] length;
    /** Per pair of kernels of different tasks with overlapping windows: apart (1) or one frame (0). */
    final List<BoolVar> apart = new ArrayList<>();
    /** Per such pair: 1 when the later-due kernel runs first (0: the earlier-due one, or one frame). */
    final List<BoolVar> late = new ArrayList<>();
    /** Per such pair: the earlier release of its two kernels (the order in which worker 0 decides pairs). */
    private final List<long[]> pairOrder = new ArrayList<>();
    /** Per ordered pair (j, k) of such kernels, keyed j * n + k: true when j's frame ends by k's start. */
    private final Map<Long, BoolVar> before = new HashMap<>();
    /** Per kernel, its pair partners and, in the same order, whether the two share a frame. */
    final List<List<Integer>> partners = new ArrayList<>();
    final List<List<BoolVar>> shared = new ArrayList<>();
    /** Per kernel that may wait: which frame ends where it starts (its largest value: none); else null. */
    final IntVar[] previous;

    /** One kernel of one job: its window and the shortest frame that can hold it. */
    record Item(int task, int job, int stage, int unit, long release, long deadline, long alone) { }

    /** Whether the model can be built for this set: its times fit the solver's integers. */
    static String refusal(TaskSet ts) {
        if (ts.origin() < 0) {
            return "the solver engine analyses a steady-state window, and this set has none";
        }
        if (ts.hyperperiod() > MAX_TIME) {
            return "the hyperperiod " + ts.hyperperiod() + " exceeds the solver engine's integers (" + MAX_TIME + ")";
        }
        if (ts.kernelCount() > MAX_KERNELS) {
            return "more than " + MAX_KERNELS + " kernels in the hyperperiod for the solver engine";
        }
        return null;
    }

    /** Kernels of the window the model takes (each pair of overlapping kernels costs a few constraints). */
    static final int MAX_KERNELS = 5_000;

    /** Builds the model; each kernel pair modelled counts as a state of {@code budget}, which may stop the build. */
    FrameModel(TaskSet ts, Oracle oracle, Mutation mutation, SearchBudget budget) {
        model = new Model("pbs-relaxation");
        long pairs = 0;
        List<Unit> units = ts.units();
        long[] alone = new long[units.size()];
        long[] together = new long[units.size()];
        long[] copies = new long[units.size()];
        Interference inter = ts.interference();
        for (Unit u : units) {
            alone[u.index()] = oracle.completion(1L << u.index());
            copies[u.index()] = u.copies();
            // In a frame of two or more the kernel part lasts at least the slowed wcet (slowdown) or the
            // wcet (none; a table entry is never below the largest wcet of its set).
            together[u.index()] = inter.model() == Interference.Model.SLOWDOWN
                    ? CompletionModel.slow(u.wcet(), inter.factors().get(u.index())) : u.wcet();
        }
        items = items(ts, alone);
        int n = items.size();
        start = new IntVar[n];
        end = new IntVar[n];
        length = new IntVar[n];
        previous = new IntVar[n];
        int horizon = (int) ts.hyperperiod();
        for (int j = 0; j < n; j++) {
            Item it = items.get(j);
            int lo = (int) Math.min(it.release(), horizon);
            int hi = (int) Math.max(lo, Math.min(it.deadline(), horizon));
            start[j] = model.intVar("s" + j, lo, hi, true);
            end[j] = model.intVar("e" + j, lo, hi, true);
            length[j] = model.intVar("l" + j, 0, horizon, true);
            new Constraint("frame" + j, new FrameLength(start[j], length[j], end[j])).post();
            model.arithm(length[j], ">=", (int) Math.min(it.alone(), horizon + 1L)).post();
            partners.add(new ArrayList<>());
            shared.add(new ArrayList<>());
        }
        // One task's kernels run in frames one after the other, in order.
        for (int j = 0; j + 1 < n; j++) {
            if (items.get(j).task() == items.get(j + 1).task()) {
                model.arithm(end[j], "<=", start[j + 1]).post();
            }
        }
        for (int j = 0; j < n; j++) {
            Item a = items.get(j);
            for (int k = j + 1; k < n; k++) {
                Item b = items.get(k);
                if (a.task() == b.task() || a.release() >= b.deadline() || b.release() >= a.deadline()) {
                    continue;
                }
                pair(j, k, oracle, together, copies, mutation);
                if (++pairs % SearchBudget.PAIRS_EVERY == 0) {
                    budget.modelled(SearchBudget.PAIRS_EVERY);
                }
            }
        }
        budget.modelled(pairs % SearchBudget.PAIRS_EVERY);
        PbsTightening.post(this, ts, together, mutation, budget);
    }

    /** Whether kernel j's frame ends by kernel k's start, when the two form a pair; else null. */
    BoolVar before(int j, int k) {
        return before.get((long) j * items.size() + k);
    }

    private void pair(int j, int k, Oracle oracle, long[] together, long[] copies, Mutation mutation) {
        Item a = items.get(j);
        Item b = items.get(k);
        // Order the pair by deadline so that the first value tried for "late" is the EDF order.
        boolean swap = b.deadline() < a.deadline() || b.deadline() == a.deadline() && b.release() < a.release();
        int x = swap ? k : j;
        int y = swap ? j : k;
        BoolVar first = model.arithm(end[x], "<=", start[y]).reify();
        BoolVar second = model.arithm(end[y], "<=", start[x]).reify();
        BoolVar lateVar = model.boolVar();
        BoolVar apartVar = model.boolVar();
        if (oracle.neverTogether(a.unit(), b.unit())) {
            model.arithm(apartVar, "=", 1).post();
        }
        // apart -> (late ? y before x : x before y)
        model.addClauses(new BoolVar[] {lateVar, first}, new BoolVar[] {apartVar});
        model.addClauses(new BoolVar[] {second}, new BoolVar[] {apartVar, lateVar});
        // one frame -> same start, same end, and at least the pair's shortest frame
        long pairLength = Ticks.add(Math.max(together[a.unit()], together[b.unit()]),
                Ticks.add(copies[a.unit()], copies[b.unit()]));
        if (mutation == Mutation.PAIR_ONE_LONGER) {
            pairLength = Ticks.add(pairLength, 1);
        }
        int lb = (int) Math.min(pairLength, MAX_TIME);
        BoolVar together1 = apartVar.not();
        model.arithm(start[j], "=", start[k]).impliedBy(together1);
        model.arithm(end[j], "=", end[k]).impliedBy(together1);
        model.arithm(length[j], ">=", lb).impliedBy(together1);
        // A frame shared by the pair is not also "late": keeps one value per solution.
        model.addClauses(new BoolVar[] {apartVar}, new BoolVar[] {lateVar});
        before.put((long) x * items.size() + y, first);
        before.put((long) y * items.size() + x, second);
        partners.get(j).add(k);
        partners.get(k).add(j);
        shared.get(j).add(together1);
        shared.get(k).add(together1);
        pairOrder.add(new long[] {Math.min(a.release(), b.release()), Math.max(a.release(), b.release()),
            apart.size()});
        apart.add(apartVar);
        late.add(lateVar);
    }

    /**
     * The decisions, in order of release: each pair's "apart" then its "late", pairs by their
     * earlier release, and after the last pair of a kernel its {@link #previous} frame.
     */
    IntVar[] decisions() {
        List<long[]> order = new ArrayList<>(pairOrder);
        for (int j = 0; j < previous.length; j++) {
            if (previous[j] != null) {
                order.add(new long[] {items.get(j).release(), Long.MAX_VALUE, -1 - j});
            }
        }
        order.sort(Comparator.<long[]>comparingLong(o -> o[0]).thenComparingLong(o -> o[1])
                .thenComparingLong(o -> o[2]));
        List<IntVar> d = new ArrayList<>();
        for (long[] o : order) {
            if (o[2] < 0) {
                d.add(previous[(int) (-1 - o[2])]);
            } else {
                d.add(apart.get((int) o[2]));
                d.add(late.get((int) o[2]));
            }
        }
        return d.toArray(new IntVar[0]);
    }

    /** The value tried first: a pair's smaller value (one frame; the earlier deadline first), a kernel's "none". */
    int firstValue(IntVar v) {
        return v.getName().startsWith(PREVIOUS) ? v.getUB() : v.getLB();
    }

    /** The name prefix of the {@link #previous} variables. */
    static final String PREVIOUS = "prev";

    /** Every start, then every end, kernels by release: fixed at their earliest once the pairs are decided. */
    IntVar[] times() {
        int[] byRelease = IntStream.range(0, items.size()).boxed()
                .sorted(Comparator.comparingLong(j -> items.get(j).release())).mapToInt(Integer::intValue).toArray();
        IntVar[] t = new IntVar[2 * byRelease.length];
        for (int j = 0; j < byRelease.length; j++) {
            t[j] = start[byRelease[j]];
            t[byRelease.length + j] = end[byRelease[j]];
        }
        return t;
    }

    /**
     * The kernels of the window, task by task in job and chain order. A kernel's release adds the
     * shortest frames of the kernels before it in its chain, its deadline subtracts those after it:
     * each runs in a frame of its own, one after the other, lasting at least C({u}).
     */
    private static List<Item> items(TaskSet ts, long[] alone) {
        List<Item> out = new ArrayList<>();
        int unit = 0;
        for (int i = 0; i < ts.size(); i++) {
            Task t = ts.task(i);
            int kernels = t.kernels();
            for (int k = 0; k < ts.jobsOf(i); k++) {
                long before = 0;
                long after = 0;
                for (int s = 0; s < kernels; s++) {
                    after = Ticks.add(after, alone[unit + s]);
                }
                for (int s = 0; s < kernels; s++) {
                    after = Ticks.sub(after, alone[unit + s]);
                    out.add(new Item(i, k, s, unit + s, Ticks.add(t.release(k), before),
                            Ticks.sub(t.absoluteDeadline(k), after), alone[unit + s]));
                    before = Ticks.add(before, alone[unit + s]);
                }
            }
            unit += kernels;
        }
        return out;
    }
}
