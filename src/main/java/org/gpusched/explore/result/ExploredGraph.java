package org.gpusched.explore.result;

import java.util.List;

/**
 * The explored graph, recorded for export when asked (it costs memory). Vertex times hold
 * t(v) first and the dominated start times after it (Delta = time - t(v)).
 */
public record ExploredGraph(List<Node> nodes, List<Edge> edges, boolean complete) {

    public record Node(int id, long[] times, int[] executedPerTask, long readyMask, boolean terminal) { }

    public record Edge(int from, int to, int[] order, long completion) { }

    public ExploredGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }
}
