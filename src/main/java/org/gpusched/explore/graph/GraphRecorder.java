package org.gpusched.explore.graph;

import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.result.ExploredGraph;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * Keeps the explored vertices and edges for export, up to a vertex limit; a recorder with limit 0
 * records nothing. Vertices are kept alive by it, so it is only on when a graph was asked for.
 */
final class GraphRecorder {
    private final Oracle oracle;
    private final JobModel jm;
    private final long limit;
    private final List<Vertex> nodes = new ArrayList<>();
    private final List<ExploredGraph.Edge> edges = new ArrayList<>();
    private final Set<String> edgeKeys = new HashSet<>();
    private boolean complete = true;
    private int terminals;

    GraphRecorder(Oracle oracle, JobModel jm, long limit) {
        this.oracle = oracle;
        this.jm = jm;
        this.limit = limit;
    }

    private boolean on() {
        return limit > 0 && complete;
    }

    void node(Vertex v) {
        if (!on()) {
            return;
        }
        if (nodes.size() >= limit) {
            complete = false;
            return;
        }
        nodes.add(v);
    }

    void edge(Vertex from, Vertex to, long mask) {
        if (on() && edgeKeys.add(from.id + ":" + to.id + ":" + mask)) {
            edges.add(new ExploredGraph.Edge(from.id, to.id, oracle.batch(mask).order(), oracle.completion(mask)));
        }
    }

    /** An end state of a schedulable path, drawn as its own vertex. */
    void terminal(Vertex from, long mask, long end) {
        if (!on()) {
            return;
        }
        Vertex t = new Vertex(-1 - terminals++, new StateKey(jm.items.clone(), 0, 0), jm.totalKernels);
        t.add(end, -1);
        nodes.add(t);
        edge(from, t, mask);
    }

    ExploredGraph graph() {
        if (limit <= 0) {
            return null;
        }
        return new ExploredGraph(nodes.stream().map(v -> new ExploredGraph.Node(v.id, Arrays.copyOf(v.times, v.size),
                v.key.counts.clone(), v.key.ready, v.id < 0)).toList(), edges, complete);
    }
}
