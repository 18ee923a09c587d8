package org.gpusched.explore.graph;

import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.job.Trail;
import org.gpusched.explore.result.ExploredGraph;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.StopRule;
import org.gpusched.model.Budget;

import java.util.*;

/**
 * What one exploration has kept: per depth, the (state, time) pairs already reached and the
 * vertex of each state still open for more times (merging); the trails back to the root; the
 * deepest path and the final(s) found; and whether and why the exploration stopped. Expansion
 * offers every successor here; the store decides whether it is new and to which vertex it goes.
 */
final class StateStore implements Sink {
    private final JobModel jm;
    private final Options opt;
    /** Whether path costs are tracked: --stop all with an objective summed over frames. */
    private final boolean additive;
    private final Budget.Meter meter;
    private final GraphRecorder recorder;
    private final List<Map<StateKey, KeyRecord>> maps = new ArrayList<>();
    final Trail trail;

    long vertices;
    long states;
    long merges;
    /**
     * Whether later times of settled states are dropped ({@link MergeLevel#CANONICAL}, not with
     * --stop all: a dropped path's prefix may have the better objective, see docs/explorer.md).
     */
    private final boolean settled;
    long peakHeap;
    /** Vertices created per depth (jobs completed), for the graph-size experiment. */
    final long[] verticesPerDepth;
    int deepestDepth = -1;
    int deepestTrail;
    long deepestTime;
    final List<Integer> finalsTrail = new ArrayList<>();
    final List<Long> finalsEnd = new ArrayList<>();
    private final Set<Long> finalTimes = new HashSet<>();
    /** With stop all: the objective cost (lower is better) of the best final kept. */
    private long bestValue;
    String budgetNote;
    /** Stopped because one state had more candidate batches than can be materialised (breadth-first). */
    boolean batchLimit;
    boolean stopped;

    StateStore(JobModel jm, Options opt, boolean additive, Budget.Meter meter, GraphRecorder recorder) {
        this.jm = jm;
        this.opt = opt;
        this.additive = additive;
        this.meter = meter;
        this.recorder = recorder;
        verticesPerDepth = new long[jm.totalKernels + 1];
        settled = opt.merge() == MergeLevel.CANONICAL && opt.stop() == StopRule.FIRST;
        trail = new Trail(Trail.keyedBy(opt, jm));
    }

    /** Checks the time and heap budgets; sets {@link #budgetNote} when one is spent. */
    boolean overBudget() {
        meter.see(vertices, deepestDepth);
        budgetNote = meter.overTimeOrHeap();
        peakHeap = Math.max(peakHeap, meter.peakHeap());
        return budgetNote != null;
    }

    /**
     * Checks the time budget only (a clock reading); sets {@link #budgetNote} when it is spent, and
     * leaves a note already set (the state budget's) as it is otherwise.
     */
    boolean overTime() {
        String t = meter.timeNote();
        if (t != null) {
            budgetNote = t;
        }
        return t != null;
    }

    void sampleHeap() {
        peakHeap = Math.max(peakHeap, meter.sampleHeap());
    }

    /** Drops the layers no vertex left on the frontier can reach again (unless a graph is recorded). */
    void freeLayersBelow(int floor) {
        if (opt.graphLimit() > 0) {
            return;
        }
        for (int d = 0; d < Math.min(floor, maps.size()); d++) {
            maps.set(d, null);
        }
    }

    /** A path that completed every job: kept as the final (stop first) or if best so far (stop all). */
    @Override
    public void reachedEnd(Vertex v, int j, long s, long end, long cost) {
        if (opt.stop() == StopRule.ALL) {
            // Keep only the best final: lowest cost, then earliest end, then the first found.
            long value = additive ? cost : end;
            if (finalTimes.add(end)) { // each final time drawn once
                recorder.terminal(v, s, end);
            }
            if (!finalsTrail.isEmpty() && (value > bestValue || value == bestValue && end >= finalsEnd.get(0))) {
                return;
            }
            bestValue = value;
            finalsTrail.clear();
            finalsEnd.clear();
        } else {
            recorder.terminal(v, s, end);
        }
        int tr = trail.add(v.trails[j], v.times[j], s, cost);
        finalsTrail.add(tr);
        finalsEnd.add(end);
        deepestDepth = jm.totalKernels;
        deepestTrail = tr;
        deepestTime = end;
        if (opt.stop() == StopRule.FIRST) {
            stopped = true;
        }
    }

    /**
     * Keeps (key, t) unless known; returns the trail record of the path kept for it, or -1 when
     * the pair is dropped as a later time of a settled state already kept at an earlier time.
     */
    @Override
    public int offer(StateKey key, int depth, long t, int parentTrail, long start, long mask, long cost,
                     Vertex from, List<Vertex> created) {
        KeyRecord rec = null;
        if (opt.merge() != MergeLevel.NONE) {
            Map<StateKey, KeyRecord> map = mapAt(depth);
            rec = map.get(key);
            if (rec == null) {
                rec = new KeyRecord(settled ? jm.learning.settledFrom(key.counts) : Long.MAX_VALUE);
                map.put(key, rec);
            } else if (rec.settledBefore(t)) {
                merges++; // a later time of a settled state: the earlier one kept covers it
                return -1;
            } else {
                int known = rec.trailOf(t);
                if (known >= 0) {
                    merges++;
                    if (additive && cost < trail.cost(known)) {
                        // A cheaper path to a (state, time) not yet expanded (breadth-first): keep it instead.
                        trail.set(known, parentTrail, start, mask, cost);
                    }
                    return known;
                }
            }
        }
        int tr = parentTrail < 0 ? 0 : trail.add(parentTrail, start, mask, cost);
        if (rec != null) {
            rec.cover(t, tr);
        }
        states++;
        Vertex target;
        if (rec != null && rec.pending != null && opt.merge().mergesTimes()) {
            target = rec.pending;
            target.add(t, tr);
            merges++;
            if (t >= rec.settledFrom) {
                // Its later times, still waiting, are dominated by this one (settled states).
                merges += target.dropAfter(t);
            }
        } else {
            target = new Vertex((int) vertices++, key, depth);
            verticesPerDepth[depth]++;
            target.add(t, tr);
            target.record = rec;
            if (rec != null && opt.merge().mergesTimes()) {
                rec.pending = target;
            }
            created.add(target);
            recorder.node(target);
        }
        if (from != null) {
            recorder.edge(from, target, mask);
        }
        if (depth > deepestDepth) {
            deepestDepth = depth;
            deepestTrail = tr;
            deepestTime = t;
        }
        if (states > opt.budget().maxStates()) {
            budgetNote = "state budget of " + opt.budget().maxStates() + " reached";
            stopped = true;
        } else if ((states & 4095) == 0 && overBudget()) {
            // One expansion can add millions of states: budgets are checked here too.
            stopped = true;
        }
        return tr;
    }

    private Map<StateKey, KeyRecord> mapAt(int depth) {
        while (maps.size() <= depth) {
            maps.add(new HashMap<>());
        }
        Map<StateKey, KeyRecord> m = maps.get(depth);
        if (m == null) {
            throw new IllegalStateException("layer " + depth + " was freed but is still reached");
        }
        return m;
    }

    @Override
    public boolean stopped() {
        return stopped;
    }

    @Override
    public long pathCost(Vertex v, int j) {
        return trail.cost(v.trails[j]);
    }

    ExploredGraph graph() {
        return recorder.graph();
    }
}
