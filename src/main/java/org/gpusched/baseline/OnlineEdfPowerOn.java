package org.gpusched.baseline;

import org.gpusched.baseline.OnlineDecisions.Cand;
import org.gpusched.baseline.OnlineDecisions.MissAt;
import org.gpusched.baseline.OnlineDecisions.Step;
import org.gpusched.baseline.OnlineDecisions.Succ;
import org.gpusched.baseline.OnlineDecisions.Vertex;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.*;
import java.util.stream.Stream;

/**
 * Online EDF with release jitter from power-on, for a set with no steady-state window
 * (docs/policies.md, "EDF from power-on"): the schedule-abstraction graph of
 * {@link OnlineEdfGraph} over the unbounded job sequence, cut at every multiple of the
 * hyperperiod as the PBS power-on search is. S_0 holds the vertex (nothing done, free at 0);
 * S_{k+1} holds every vertex (kernels done per task, free instant) that some arrival scenario
 * reaches from S_k as its first free instant at or after the next boundary, counts and time taken
 * relative to it, kept as merged intervals of free instants per count vector. S_{k+1} depends
 * on S_k alone (releases repeat every H), and the sets are finitely many before a miss, so the
 * sequence repeats: the first S_j equal to an earlier S_i means every vertex any scenario ever
 * reaches has been expanded without a miss (schedulable); a miss found on the way is one some
 * scenario reaches (not schedulable). Free instants before every candidate's window opens
 * decide as its opening does, and are moved there, so the sets of equal futures compare equal.
 */
public final class OnlineEdfPowerOn {
    /** Documented bound: hyperperiods explored before the boundary sets must have repeated. */
    public static final int MAX_HYPERPERIODS = 64;

    private final TaskSet ts;
    private final EdfBaseline.Kind kind;
    private final JobLine line;
    private long states;
    private int explored;

    /** @param ts a task set on the file's own time line */
    public OnlineEdfPowerOn(TaskSet ts, EdfBaseline.Kind kind) {
        this.ts = ts;
        this.kind = kind;
        this.line = new JobLine(ts);
    }

    /** The boundary set: per count vector its free instants as merged [lo, hi] pairs, flattened. */
    private record Level(Map<Vertex, List<Long>> vertices) { }

    public Analysis analyze(Budget.Meter meter) {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts, meter);
        OnlineDecisions decisions = new OnlineDecisions(kind, oracle);
        Map<Level, Integer> seen = new HashMap<>();
        Map<Vertex, List<long[]>> start = new HashMap<>();
        start.put(new Vertex(new long[line.n]), List.of(new long[] {0, 0}));
        Level level = canonical(start);
        long edges = 0;
        try {
            for (int k = 0; k < MAX_HYPERPERIODS; k++) {
                explored = k;
                Integer i = seen.putIfAbsent(level, k);
                if (i != null) {
                    return new Analysis(Verdict.SCHEDULABLE, kind.method(), stats(edges, t0, meter), List.of(), null,
                            "every arrival in [a, a + J] checked from power-on: the vertices at hyperperiod " + k
                            + " repeat those at " + i + " (online EDF has no table)");
                }
                Map<Vertex, List<long[]>> next = new HashMap<>();
                TreeMap<Long, Map<Vertex, List<long[]>>> layers = new TreeMap<>();
                level.vertices().forEach((key, ivs) -> {
                    for (int x = 0; x < ivs.size(); x += 2) {
                        add(layers, key, ivs.get(x), ivs.get(x + 1));
                    }
                });
                while (!layers.isEmpty()) {
                    for (Map.Entry<Vertex, List<long[]>> e : layers.pollFirstEntry().getValue().entrySet()) {
                        long[] counts = e.getKey().counts();
                        List<Cand> cands = line.candidates(counts, null);
                        for (long[] iv : merged(e.getValue(), OnlineDecisions.firstDecision(cands))) {
                            if (iv[1] >= line.hyperperiod) {
                                next.computeIfAbsent(shiftBack(counts), x -> new ArrayList<>()).add(new long[] {
                                        Math.max(iv[0], line.hyperperiod) - line.hyperperiod,
                                        iv[1] - line.hyperperiod});
                            }
                            if (iv[0] >= line.hyperperiod) {
                                continue;
                            }
                            if ((++states & 255) == 0 || states > meter.budget().maxStates()) {
                                meter.check(states);
                            }
                            Step s = decisions.expand(cands, iv[0], Math.min(iv[1], line.hyperperiod - 1));
                            if (s.miss() != null) {
                                return missed(s.miss(), counts, k, edges, t0, meter);
                            }
                            for (Succ x : s.next()) {
                                edges++;
                                add(layers, e.getKey().after(x.batch()), x.lo(), x.hi());
                            }
                        }
                    }
                }
                level = canonical(next);
            }
        } catch (Budget.Exhausted | IllegalStateException e) {
            return new Analysis(Verdict.INCONCLUSIVE, kind.method(), stats(edges, t0, meter), List.of(), null,
                    e.getMessage());
        }
        return new Analysis(Verdict.INCONCLUSIVE, kind.method(), stats(edges, t0, meter), List.of(), null,
                "no repeating set of vertices within " + MAX_HYPERPERIODS + " hyperperiods from power-on (the"
                + " documented bound of online EDF from power-on; docs/policies.md)");
    }

    /** Hyperperiods the last {@link #analyze} expanded (the boundary of its repeat or of its miss). */
    public int explored() {
        return explored;
    }

    private static void add(TreeMap<Long, Map<Vertex, List<long[]>>> layers, Vertex k, long lo, long hi) {
        layers.computeIfAbsent(k.depth(), d -> new HashMap<>()).computeIfAbsent(k, x -> new ArrayList<>())
                .add(new long[] {lo, hi});
    }

    private Vertex shiftBack(long[] counts) {
        long[] c = counts.clone();
        for (int i = 0; i < c.length; i++) {
            c[i] -= line.perHyperperiod[i];
        }
        return new Vertex(c);
    }

    /** The intervals moved up to the first decision instant, sorted, overlapping or adjacent ones as one. */
    private static List<long[]> merged(List<long[]> ivs, long first) {
        return OnlineDecisions.merged(ivs.stream().map(iv -> new long[] {Math.max(iv[0], first),
                Math.max(iv[1], first)}).sorted(OnlineDecisions.BY_START).toList());
    }

    private Level canonical(Map<Vertex, List<long[]>> vertices) {
        Map<Vertex, List<Long>> out = new HashMap<>();
        vertices.forEach((k, ivs) -> out.put(k, merged(ivs, OnlineDecisions.firstDecision(line.candidates(k.counts(),
                null))).stream().flatMap(iv -> Stream.of(iv[0], iv[1])).toList()));
        return new Level(Map.copyOf(out));
    }

    private Stats stats(long edges, long t0, Budget.Meter meter) {
        return OnlineDecisions.stats(states, edges, t0, meter, 0);
    }

    private Analysis missed(MissAt m, long[] counts, int k, long edges, long t0, Budget.Meter meter) {
        long shift = k * line.hyperperiod;
        List<JobRef> refs = m.batch().stream()
                .map(c -> line.ref(c, (long) k * line.perHyperperiod[c.task()] / line.chain[c.task()])).toList();
        Cand x = m.late();
        long job = x.job() + (long) k * line.perHyperperiod[x.task()] / line.chain[x.task()];
        String reason = line.reason(m, shift, job) + " from power-on";
        long done = Arrays.stream(counts).sum() + Arrays.stream(line.perHyperperiod).asLongStream().sum() * k;
        Witness w = new Witness(List.of(new Frame(m.start() + shift, m.end() + shift, refs)), m.start() + shift,
                (int) Math.min(done, Integer.MAX_VALUE), (int) Math.min(done, Integer.MAX_VALUE), List.of(reason));
        return new Analysis(Verdict.NOT_SCHEDULABLE, kind.method(), stats(edges, t0, meter), List.of(), w,
                "online from power-on: a job may arrive anywhere in its window");
    }
}
