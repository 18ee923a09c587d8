package org.gpusched.baseline;

import org.gpusched.baseline.OnlineDecisions.MissAt;
import org.gpusched.baseline.OnlineDecisions.Step;
import org.gpusched.baseline.OnlineDecisions.Succ;
import org.gpusched.baseline.OnlineDecisions.Vertex;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Window;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * Online EDF with release jitter, decided exactly by a schedule-abstraction graph over arrival
 * windows (the idea of Nasri and Brandenburg's schedule-abstraction graphs, the technique of
 * nptest; this code is our own, docs/policies.md and docs/explorer.md give the proof). Job k of
 * a task arrives at any integer instant of [a, a + J] (a = O + k·T) and the scheduler sees it
 * then: whenever the GPU is free and some kernel has arrived, EDF-serial starts the most urgent
 * arrived kernel alone, EDF-parallel batches the arrived kernels in EDF order while eligible;
 * with nothing arrived it waits for the first arrival. A vertex is the completed kernels per
 * task with every free instant at which some arrival scenario reaches them, kept as merged
 * integer intervals (the future depends on nothing else: which jobs arrived by a free instant t
 * is the scenario's choice within what t allows); {@link OnlineDecisions} expands a vertex.
 * Both rules are exact on integer arrival times; the property tests compare every verdict with
 * an enumeration of the arrival times.
 */
public final class OnlineEdfGraph {
    /** Arrived-set choices tried per decision piece under EDF-parallel (2^optional): beyond, inconclusive. */
    public static final int MAX_OPTIONAL = 16;

    private final TaskSet ts;
    private final EdfBaseline.Kind kind;
    private final JobLine line;
    private long states;

    public OnlineEdfGraph(TaskSet ts, EdfBaseline.Kind kind) {
        Window.require(ts);
        this.ts = ts;
        this.kind = kind;
        line = new JobLine(ts);
    }

    /** Whether the set has release jitter, the only case where the online rule differs from the time-triggered one. */
    public static boolean differs(TaskSet ts) {
        return ts.tasks().stream().anyMatch(t -> t.jitter() > 0);
    }

    public Analysis analyze(Budget.Meter meter) {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts, meter);
        int[] items = line.windowKernels();
        int total = Arrays.stream(items).sum();
        // A frame runs at most one kernel per task, so a layer's successors lie at most n layers on:
        // n + 1 live layers in a ring, and memory follows the graph's width, not the number of jobs.
        int ring = line.n + 1;
        List<Map<Vertex, TreeSet<long[]>>> layers = new ArrayList<>();
        for (int k = 0; k < ring; k++) {
            layers.add(new HashMap<>());
        }
        OnlineDecisions decisions = new OnlineDecisions(kind, oracle);
        add(layers.get(0), new Vertex(new long[line.n]), 0, 0);
        long edges = 0;
        try {
            for (int depth = 0; depth < total; depth++) {
                for (Map.Entry<Vertex, TreeSet<long[]>> e : layers.get(depth % ring).entrySet()) {
                    for (long[] iv : OnlineDecisions.merged(e.getValue())) {
                        if ((++states & 255) == 0 || states > meter.budget().maxStates()) {
                            meter.check(states);
                        }
                        Step s = decisions.expand(line.candidates(e.getKey().counts(), items), iv[0], iv[1]);
                        if (s.miss() != null) {
                            return missed(s.miss(), depth, total, edges, t0, meter);
                        }
                        for (Succ x : s.next()) {
                            edges++;
                            add(layers.get((depth + x.batch().size()) % ring), e.getKey().after(x.batch()), x.lo(),
                                    x.hi());
                        }
                    }
                }
                layers.set(depth % ring, new HashMap<>());
            }
        } catch (Budget.Exhausted | IllegalStateException e) {
            return new Analysis(Verdict.INCONCLUSIVE, kind.method(), stats(edges, t0, meter, 0), List.of(), null,
                    e.getMessage());
        }
        return new Analysis(Verdict.SCHEDULABLE, kind.method(), stats(edges, t0, meter, total), List.of(), null,
                "every arrival in [a, a + J] checked (online EDF has no table)");
    }

    private static void add(Map<Vertex, TreeSet<long[]>> layer, Vertex k, long lo, long hi) {
        layer.computeIfAbsent(k, x -> new TreeSet<>(OnlineDecisions.BY_START)).add(new long[] {lo, hi});
    }

    private Analysis missed(MissAt m, int depth, int total, long edges, long t0, Budget.Meter meter) {
        List<JobRef> refs = m.batch().stream().map(c -> line.ref(c, 0)).toList();
        Witness w = new Witness(List.of(new Frame(m.start(), m.end(), refs)), m.start(), depth, total,
                List.of(line.reason(m, 0, m.late().job())));
        return new Analysis(Verdict.NOT_SCHEDULABLE, kind.method(), stats(edges, t0, meter, depth), List.of(), w,
                "online: a job may arrive anywhere in its window");
    }

    private Stats stats(long edges, long t0, Budget.Meter meter, int depth) {
        return OnlineDecisions.stats(states, edges, t0, meter, depth);
    }
}
