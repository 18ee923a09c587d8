package org.gpusched.explore;

import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Exact PBS schedulability by exploring the GPUSched scheduling graph (the paper's section 3)
 * with domination merge, split and fast-forward. The verdict equals that of
 * {@link BruteForceExplorer} on every input (Theorem 3.13); the property tests hold it to that.
 */
public final class GpuSchedExplorer {
    private final TaskSet ts;
    private final Options options;
    private ExploredGraph graph;
    private long[] verticesPerDepth = new long[0];

    public GpuSchedExplorer(TaskSet ts, Options options) {
        this.ts = ts;
        this.options = options;
    }

    public Analysis analyze() {
        Oracle oracle = new Oracle(ts);
        JobModel jm = new JobModel(ts);
        Engine e = new Engine(oracle, jm, options);
        e.run();
        graph = e.graph();
        verticesPerDepth = e.verticesPerDepth.clone();
        Stats stats = new Stats(e.vertices, e.states, e.edges, e.merges, e.splits, e.fastForwards, e.pruned,
                Math.max(e.deepestDepth, 0), e.elapsedNanos(), e.peakHeap);
        String method = "gpusched(merge=" + name(options.merge()) + ", search=" + name(options.search()) + ")";
        if (!e.finalsTrail.isEmpty()) {
            List<Frame> best = pick(e, oracle, jm);
            return new Analysis(Verdict.SCHEDULABLE, method, stats, best, null, e.budgetNote);
        }
        List<Frame> deepest = Paths.frames(e.trail, e.deepestTrail, oracle, jm);
        Witness w = Paths.witness(deepest, e.deepestTime, oracle, jm);
        if (e.stoppedByBudget()) {
            return new Analysis(Verdict.INCONCLUSIVE, method, stats, List.of(), w, e.budgetNote);
        }
        return new Analysis(Verdict.NOT_SCHEDULABLE, method, stats, List.of(), w, null);
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

    private List<Frame> pick(Engine e, Oracle oracle, JobModel jm) {
        List<List<Frame>> paths = new ArrayList<>();
        for (int tr : e.finalsTrail) {
            paths.add(Paths.frames(e.trail, tr, oracle, jm));
        }
        if (options.stop() == StopRule.FIRST) {
            return paths.get(0);
        }
        return paths.stream().min(options.objective().comparator(jm)).orElseThrow();
    }

    static String name(Enum<?> e) {
        return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
