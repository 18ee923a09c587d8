package org.gpusched.explore.result;

import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.jgrapht.Graph;
import org.jgrapht.graph.DirectedMultigraph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.GraphExporter;
import org.jgrapht.nio.dot.DOTExporter;
import org.jgrapht.nio.graphml.GraphMLExporter;

import java.io.Writer;
import java.util.*;
import java.util.stream.Collectors;

/** Writes an {@link ExploredGraph} as DOT or GraphML through JGraphT. */
public final class GraphExport {
    /** Above this many vertices an export needs --force: DOT renderers choke long before. */
    public static final long DEFAULT_LIMIT = 20_000;

    public enum Format { DOT, GRAPHML }

    private record EdgeLabel(int id, String label) { }

    private GraphExport() { }

    public static Format formatOf(String fileName) {
        String f = fileName.toLowerCase(java.util.Locale.ROOT);
        return f.endsWith(".graphml") || f.endsWith(".xml") ? Format.GRAPHML : Format.DOT;
    }

    public static void write(ExploredGraph g, TaskSet ts, Format format, Writer out) {
        Graph<Integer, EdgeLabel> graph = new DirectedMultigraph<>(null, null, false);
        Map<Integer, Map<String, Attribute>> vattrs = new LinkedHashMap<>();
        for (ExploredGraph.Node n : g.nodes()) {
            graph.addVertex(n.id());
            vattrs.put(n.id(), nodeAttributes(n, ts));
        }
        int id = 0;
        List<Unit> units = ts.units();
        for (ExploredGraph.Edge e : g.edges()) {
            String names = Arrays.stream(e.order()).mapToObj(u -> units.get(u).name()).collect(Collectors.joining(","));
            graph.addEdge(e.from(), e.to(), new EdgeLabel(id++, "<" + names + "> C=" + e.completion()));
        }
        GraphExporter<Integer, EdgeLabel> exporter;
        if (format == Format.DOT) {
            DOTExporter<Integer, EdgeLabel> dot = new DOTExporter<>(v -> v < 0 ? "end" + (-v) : "v" + v);
            dot.setVertexAttributeProvider(vattrs::get);
            dot.setEdgeAttributeProvider(e -> Map.of("label", DefaultAttribute.createAttribute(e.label())));
            exporter = dot;
        } else {
            GraphMLExporter<Integer, EdgeLabel> gml = new GraphMLExporter<>(v -> v < 0 ? "end" + (-v) : "v" + v);
            gml.setVertexAttributeProvider(vattrs::get);
            gml.setEdgeAttributeProvider(e -> Map.of("label", DefaultAttribute.createAttribute(e.label())));
            gml.registerAttribute("label", GraphMLExporter.AttributeCategory.ALL,
                    org.jgrapht.nio.AttributeType.STRING);
            for (String k : List.of("t", "ready", "executed", "delta")) {
                gml.registerAttribute(k, GraphMLExporter.AttributeCategory.NODE, org.jgrapht.nio.AttributeType.STRING);
            }
            exporter = gml;
        }
        exporter.exportGraph(graph, out);
    }

    private static Map<String, Attribute> nodeAttributes(ExploredGraph.Node n, TaskSet ts) {
        long t = n.times()[0];
        List<String> ready = new ArrayList<>();
        List<String> exe = new ArrayList<>();
        List<Unit> units = ts.units();
        int first = 0;
        for (int i = 0; i < n.executedPerTask().length; i++) {
            // Ready bits are units: task i's next kernel is count mod its chain length.
            int k = ts.task(i).kernels();
            int c = n.executedPerTask()[i];
            if (c / k < ts.jobsOf(i) && (n.readyMask() & (1L << (first + c % k))) != 0) {
                ready.add(units.get(first + c % k).name() + "#" + c / k);
            }
            first += k;
            if (n.executedPerTask()[i] > 0) {
                exe.add(ts.task(i).name() + " x" + n.executedPerTask()[i]);
            }
        }
        List<String> delta = Arrays.stream(n.times()).skip(1).mapToObj(x -> Long.toString(x - t)).toList();
        String label = (n.terminal() ? "END " : "") + "t=" + t + "\\nready={" + String.join(",", ready) + "}\\nexe={"
                + String.join(",", exe) + "}\\ndom=[" + String.join(",", delta) + "]";
        Map<String, Attribute> m = new LinkedHashMap<>();
        m.put("label", DefaultAttribute.createAttribute(label));
        m.put("t", DefaultAttribute.createAttribute(Long.toString(t)));
        m.put("ready", DefaultAttribute.createAttribute(String.join(",", ready)));
        m.put("executed", DefaultAttribute.createAttribute(String.join(",", exe)));
        m.put("delta", DefaultAttribute.createAttribute(String.join(",", delta)));
        return m;
    }
}
