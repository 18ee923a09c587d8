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
        try {
            return explore();
        } catch (OutOfMemoryError e) {
            // The budgets stop well before this; it only guards against a heap set too small to
            // hold even one state's batches. The engines are unreachable now, so memory is back.
            return new Analysis(Verdict.INCONCLUSIVE, "gpusched", Stats.EMPTY, List.of(), null,
                    "out of memory (raise -Xmx via GPUSCHED_JAVA_OPTS, or lower --max-states)");
        }
    }

    private Analysis explore() {
        Oracle oracle = new Oracle(ts);
        JobModel jm = new JobModel(ts);
        String method = "gpusched(merge=" + name(options.merge()) + ", search=" + name(options.search()) + ")";
        if (options.search() != SearchOrder.AUTO) {
            return result(run(oracle, jm, options), null, oracle, jm, method);
        }
        if (options.stop() == StopRule.ALL || options.graphLimit() > 0) {
            // Everything is explored anyway (or drawn): breadth-first alone merges best.
            return result(run(oracle, jm, options.withSearch(SearchOrder.BFS)), null, oracle, jm, method);
        }
        // Depth-first finds schedules of feasible sets fast; breadth-first shares the most work on
        // infeasible ones, which must be explored whole. Run both in turns of a fixed number of
        // states (deterministic), and take the first that decides: each alone is exact.
        Engine dfs = new Engine(oracle, jm, options.withSearch(SearchOrder.DFS));
        Engine bfs = new Engine(oracle, jm, options.withSearch(SearchOrder.BFS));
        long turn = Math.max(1, options.diveStates());
        while (true) {
            for (Engine e : new Engine[] {dfs, bfs}) {
                Engine other = e == dfs ? bfs : dfs;
                boolean over = e.step(turn);
                if (!e.finalsTrail.isEmpty() || over && !e.stoppedByBudget()) {
                    return keep(e, result(e, other, oracle, jm, method));
                }
                if (e.stoppedByBudget() || e.states + other.states > options.maxStates()) {
                    Analysis a = result(e, other, oracle, jm, method);
                    String note = e.stoppedByBudget() && !e.budgetNote.startsWith("state budget") ? e.budgetNote
                            : "state budget of " + options.maxStates() + " reached";
                    return keep(e, new Analysis(Verdict.INCONCLUSIVE, method, a.stats(), List.of(), a.witness(), note));
                }
            }
        }
    }

    private Analysis keep(Engine e, Analysis a) {
        graph = e.graph();
        verticesPerDepth = e.verticesPerDepth.clone();
        return a;
    }

    private Engine run(Oracle oracle, JobModel jm, Options o) {
        Engine e = new Engine(oracle, jm, o);
        e.run();
        graph = e.graph();
        verticesPerDepth = e.verticesPerDepth.clone();
        return e;
    }

    /** The analysis an engine ended with; {@code before} is a partner engine whose work is added to the statistics. */
    private Analysis result(Engine e, Engine before, Oracle oracle, JobModel jm, String method) {
        Stats stats = new Stats(e.vertices, e.states, e.edges, e.merges, e.splits, e.fastForwards, e.pruned,
                Math.max(e.deepestDepth, 0), e.elapsedNanos(), e.peakHeap);
        if (before != null) {
            stats = new Stats(stats.vertices() + before.vertices, stats.states() + before.states,
                    stats.edges() + before.edges, stats.merges() + before.merges, stats.splits() + before.splits,
                    stats.fastForwards() + before.fastForwards, stats.pruned() + before.pruned,
                    Math.max(stats.maxDepth(), before.deepestDepth), stats.elapsedNanos() + before.elapsedNanos(),
                    Math.max(stats.peakHeapBytes(), before.peakHeap));
        }
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
