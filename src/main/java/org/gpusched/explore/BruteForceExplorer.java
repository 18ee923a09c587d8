package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.WitnessPaths;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * The reference twin of {@link GpuSchedExplorer}: a plain depth-first search over frame-boundary
 * states (t, executed kernels of jobs), straight from the spec's pbs-semantics.md and the pipeline model
 * (release jitter, chains of kernels). It tries every
 * permutation of every subset of the ready kernels through the oracle's ordered placement, and
 * remembers only exact duplicates. No domination, no order-free shortcut, no masks: slow and
 * obviously right.
 */
public final class BruteForceExplorer {
    private final TaskSet ts;
    private final Budget budget;

    private record State(long t, BitSet done) { }

    private record Edge(State parent, long start, long end, List<Item> batch) { }

    public BruteForceExplorer(TaskSet ts, Budget budget) {
        Window.require(ts);
        JobLimit.require(ts, "brute force");
        this.ts = ts;
        this.budget = budget;
    }

    /** The analysis under the budget: inconclusive when a budget, or the heap, runs out. */
    public Analysis analyze() {
        return analyze(budget.start());
    }

    /** The analysis under a budget already running (e.g. one shared by the methods of compare). */
    public Analysis analyze(Budget.Meter meter) {
        try {
            return search(meter);
        } catch (Budget.Exhausted e) {
            return Analysis.inconclusive("brute-force", meter, e.getMessage());
        } catch (OutOfMemoryError e) {
            // The search's maps are unreachable now, so memory is back.
            return Analysis.inconclusive("brute-force", meter, Budget.OUT_OF_MEMORY);
        }
    }

    /**
     * One kernel of one job: the unit of work the brute force schedules. Kernel s of a job may
     * start once kernel s - 1 has completed (so, in a later frame) and the job is released.
     */
    private record Item(int task, int job, int stage, int unit, long release, long deadline, long wcet, int copies) { }

    /** Every kernel of every job of [0, H), each task's in (job, kernel) order. */
    private List<List<Item>> items() {
        List<List<Item>> perTask = new ArrayList<>();
        int firstUnit = 0;
        for (Task t : ts.tasks()) {
            List<Item> list = new ArrayList<>();
            for (int k = 0; k < ts.jobsOf(t.index()); k++) {
                for (int s = 0; s < t.kernels(); s++) {
                    Stage st = t.chain().get(s);
                    list.add(new Item(t.index(), k, s, firstUnit + s, t.release(k), t.absoluteDeadline(k),
                            st.wcet(), (st.h2d() > 0 ? 1 : 0) + (st.d2h() > 0 ? 1 : 0)));
                }
            }
            firstUnit += t.kernels();
            perTask.add(list);
        }
        return perTask;
    }

    private Analysis search(Budget.Meter meter) {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts, meter);
        CompletionModel completion = new CompletionModel(ts);
        List<List<Item>> perTask = items();
        List<Item> jobs = perTask.stream().flatMap(List::stream).toList();
        Map<Item, Integer> position = new HashMap<>();
        for (int k = 0; k < jobs.size(); k++) {
            position.put(jobs.get(k), k);
        }
        Map<State, Edge> seen = new HashMap<>();
        Deque<State> stack = new ArrayDeque<>();
        State root = new State(0, new BitSet());
        seen.put(root, null);
        stack.push(root);
        long[] edges = {0};
        long[] tried = {0};
        long pops = 0;
        State deepest = root;
        while (!stack.isEmpty()) {
            State s = stack.pop();
            if (s.done().cardinality() > deepest.done().cardinality()) {
                deepest = s;
            }
            if (s.done().cardinality() == jobs.size()) {
                List<Frame> path = path(seen, s);
                return new Analysis(Verdict.SCHEDULABLE, "brute-force", stats(seen.size(), edges[0], t0), path, null,
                        null);
            }
            String over = seen.size() > budget.maxStates() || (++pops & 255) == 0 ? meter.over(seen.size()) : null;
            if (over != null) {
                return new Analysis(Verdict.INCONCLUSIVE, "brute-force", stats(seen.size(), edges[0], t0), List.of(),
                        null, over);
            }
            // The oldest unfinished kernel of each task (one stream per task), ready once released.
            List<Item> pickable = new ArrayList<>();
            long next = Long.MAX_VALUE;
            boolean dead = false;
            for (List<Item> list : perTask) {
                Item oldest = list.stream().filter(j -> !s.done().get(position.get(j))).findFirst().orElse(null);
                if (oldest == null) {
                    continue;
                }
                if (oldest.release() > s.t()) {
                    next = Math.min(next, oldest.release());
                } else if (Ticks.add(s.t(), oldest.wcet()) > oldest.deadline()) {
                    dead = true; // this job can no longer meet its deadline
                } else {
                    pickable.add(oldest);
                }
            }
            if (dead) {
                continue;
            }
            if (pickable.isEmpty()) {
                State ff = new State(next, s.done());
                if (!seen.containsKey(ff)) {
                    seen.put(ff, seen.get(s));
                    stack.push(ff);
                }
                continue;
            }
            final State from = s;
            forEachPermutationOfSubsets(pickable, batch -> {
                // Enumerating the orders of one state of many ready jobs can outlast any budget.
                if ((++tried[0] & 4095) == 0) {
                    meter.check(seen.size());
                }
                int[] order = batch.stream().mapToInt(Item::unit).toArray();
                long c = completion.onDevice(Oracle.maskOf(order));
                if (c == CompletionModel.FORBIDDEN || !oracle.place(order).eligible()) {
                    return;
                }
                long end = Ticks.add(Ticks.add(from.t(), c), runtime(batch));
                // A job's deadline binds its last kernel; an earlier kernel past it dooms the job as well.
                if (batch.stream().anyMatch(j -> end > j.deadline())) {
                    return;
                }
                edges[0]++;
                BitSet done = (BitSet) from.done().clone();
                batch.forEach(j -> done.set(position.get(j)));
                State nextState = new State(end, done);
                if (!seen.containsKey(nextState)) {
                    seen.put(nextState, new Edge(from, from.t(), end, List.copyOf(batch)));
                    stack.push(nextState);
                }
            });
        }
        List<Frame> path = path(seen, deepest);
        JobModel jm = new JobModel(ts);
        return new Analysis(Verdict.NOT_SCHEDULABLE, "brute-force", stats(seen.size(), edges[0], t0), List.of(),
                WitnessPaths.witness(path, deepest.t(), oracle, jm), null);
    }

    /**
     * The runtime's cost of a frame running {@code batch}, counted here from the batch itself
     * (format.md, "runtime": submission and synchronise once, a launch per kernel, a call per copy)
     * rather than taken from the completion model the explorer uses.
     */
    private long runtime(List<Item> batch) {
        RuntimeOverhead o = ts.interference().overhead();
        long cost = Ticks.add(o.submit(), o.sync());
        for (Item j : batch) {
            cost = Ticks.add(cost, Ticks.add(o.launch(), Ticks.mul(o.copy(), j.copies())));
        }
        return cost;
    }

    private static Stats stats(long states, long edges, long t0) {
        return new Stats(states, states, edges, 0, 0, 0, 0, 0, System.nanoTime() - t0, 0);
    }

    /** Calls {@code visit} with every ordered sequence of distinct jobs (length >= 1); the list is reused. */
    static <J> void forEachPermutationOfSubsets(List<J> jobs, java.util.function.Consumer<List<J>> visit) {
        extend(new ArrayList<>(), jobs, new boolean[jobs.size()], visit);
    }

    private static <J> void extend(List<J> prefix, List<J> jobs, boolean[] used,
                                   java.util.function.Consumer<List<J>> visit) {
        for (int i = 0; i < jobs.size(); i++) {
            if (!used[i]) {
                used[i] = true;
                prefix.add(jobs.get(i));
                visit.accept(prefix);
                extend(prefix, jobs, used, visit);
                prefix.remove(prefix.size() - 1);
                used[i] = false;
            }
        }
    }

    private static List<Frame> path(Map<State, Edge> seen, State end) {
        List<Frame> frames = new ArrayList<>();
        for (Edge e = seen.get(end); e != null; e = seen.get(e.parent())) {
            frames.add(0, new Frame(e.start(), e.end(),
                    e.batch().stream().map(j -> new JobRef(j.task(), j.job(), j.stage())).toList()));
        }
        return frames;
    }
}
