package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;

/**
 * Holistic response-time analysis of end-to-end flows on fixed-priority cores, inside the
 * partitions of a cyclic plan (time-partitioning.md, "Response-time analysis", steps 1-4); with no
 * plan every core is always supplied and this is MAST's plain holistic analysis.
 * <p>
 * Infinity is {@link Ticks#BEYOND}: a step whose completion passes its flow's deadline gets it, so
 * that its jitter is unknown and every step it interferes with is past its deadline too
 * (conservative, and it makes the global iteration terminate: jitters only grow, and each is
 * bounded by a deadline or is infinite).
 */
public final class Holistic {
    static final long INF = Ticks.BEYOND;
    /** Jobs of one busy window beyond which it counts as unbounded (a fully loaded supply). */
    static final int MAX_JOBS_IN_WINDOW = 100_000;
    /** Global rounds beyond which the jitters still changing count as unknown. */
    static final int MAX_ROUNDS = 10_000;

    private final List<Flow> flows;
    private final StepContention net;
    private final long[][] jitter;
    private final Runnable check;

    private Holistic(List<Flow> flows, Platform.TimePartitions plan, Runnable check) {
        this.check = check;
        this.flows = List.copyOf(flows);
        this.net = new StepContention(flows, plan);
        this.jitter = flows.stream().map(f -> new long[f.steps().size()]).toArray(long[][]::new);
    }

    /** Analyses {@code flows} under {@code plan} (null: no time partitions). */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan) {
        return analyze(flows, plan, () -> { });
    }

    /**
     * As {@link #analyze(List, Platform.TimePartitions)}, calling {@code check} before every job of
     * every busy window: a budget's time check, which may throw to end the analysis.
     */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan, Runnable check) {
        Holistic h = new Holistic(flows, plan, check);
        return iterate(h.flows, h.jitter, h::pass, false);
    }

    /**
     * The global iteration both analyses share: every flow's pass with the current jitters, then each
     * step's jitter from them, J = R_pred − R^best_pred ({@code grow}: never below the last one),
     * until none changes; a jitter still changing after {@link #MAX_ROUNDS} rounds is unknown (INF).
     */
    static HolisticResult iterate(List<Flow> flows, long[][] jitter, IntFunction<long[]> pass, boolean grow) {
        long[][] r = new long[flows.size()][];
        long[][] rb = flows.stream().map(Holistic::bestCases).toArray(long[][]::new);
        int rounds = 0;
        boolean changed = true;
        while (changed) {
            rounds++;
            for (int f = 0; f < flows.size(); f++) {
                r[f] = pass.apply(f);
            }
            changed = false;
            for (int f = 0; f < flows.size(); f++) {
                long rp = flows.get(f).jitter();
                long rbp = 0;
                for (int s = 0; s < jitter[f].length; s++) {
                    long j = rp >= INF ? INF : grow ? Math.max(jitter[f][s], rp - rbp) : rp - rbp;
                    if (rounds >= MAX_ROUNDS && j != jitter[f][s]) {
                        j = INF;
                    }
                    changed |= j != jitter[f][s];
                    jitter[f][s] = j;
                    rp = r[f][s];
                    rbp = rb[f][s];
                }
            }
        }
        List<FlowBound> out = IntStream.range(0, flows.size()).mapToObj(f -> bound(flows.get(f), r[f], rb[f])).toList();
        return new HolisticResult(out, rounds);
    }

    /** The best-case completion of every step of flow x: the sum of the best cases up to it. */
    private static long[] bestCases(Flow x) {
        long[] rb = new long[x.steps().size()];
        long at = 0;
        for (int s = 0; s < rb.length; s++) {
            at = Ticks.add(at, x.steps().get(s).min());
            rb[s] = at;
        }
        return rb;
    }

    /** One pass along flow f with the current jitters (step 3): every step's worst completion. */
    private long[] pass(int f) {
        Flow x = flows.get(f);
        long[] r = new long[x.steps().size()];
        long rp = x.jitter();
        for (int s = 0; s < r.length; s++) {
            Step step = x.steps().get(s);
            long w = rp >= INF ? INF : step instanceof Step.Cpu ? window(f, s, rp)
                    : step instanceof Step.Gpu ? nonPreemptive(f, s, rp) : step.max();
            long end = w >= INF ? INF : Ticks.add(rp, w);
            r[s] = end > x.deadline() ? INF : end;
            rp = r[s];
        }
        return r;
    }

    /**
     * The worst response of CPU step s of flow f measured from its predecessor's worst completion
     * {@code rp} (step 2, with the q-job form when the busy window outlasts a period): max over
     * jobs q of w(q) − qT, INF once rp plus that passes the deadline.
     */
    private long window(int f, int s, long rp) {
        Flow x = flows.get(f);
        long c = x.steps().get(s).max();
        long room = x.deadline() - rp;
        long own = jitter[f][s];
        if (c > 0 && net.saturated(f, s)) {
            // base + Σ ⌈w / T⌉ C ≥ base + w > w for every w: no fixed point, so the step is unbounded.
            return INF;
        }
        long worst = 0;
        for (int q = 0; q < MAX_JOBS_IN_WINDOW; q++) {
            check.run();
            long qt = Ticks.mul(q, x.period());
            long base = Ticks.mul(q + 1L, c);
            long w = fixedPoint(net.tsup(f, s, base, check),
                    v -> net.tsup(f, s, Ticks.add(base, interference(f, s, v, false)), check),
                    v -> v - qt > room, check);
            if (w >= INF) {
                return INF;
            }
            worst = Math.max(worst, w - qt);
            if (own >= INF) {
                return INF;
            }
            if (Ticks.add(own, w) <= Ticks.mul(q + 1L, x.period())) {
                return worst;
            }
        }
        return INF;
    }

    /**
     * A kernel on the GPU server (non-preemptive fixed priority): the level busy period
     * L = B + Σ_{hp ∪ self} ⌈(L + J)/T⌉·C gives the jobs q to check; job q starts by
     * s = B + q·C + Σ_hp (⌊(s + J_j)/T_j⌋ + 1)·C_j and ends by s + C; the response is the largest
     * s + C − q·T (George et al. 1996, with the busy period of Bril et al. 2009).
     */
    private long nonPreemptive(int f, int s, long rp) {
        Flow x = flows.get(f);
        long c = x.steps().get(s).max();
        long b = net.blocking(f, s);
        long own = jitter[f][s];
        long room = x.deadline() - rp;
        LongUnaryOperator jobs = v -> own >= INF ? INF : (Ticks.add(v, own) + x.period() - 1) / x.period();
        long busy = fixedPoint(Ticks.add(b, c),
                v -> Ticks.add(b, Ticks.add(Ticks.mul(jobs.applyAsLong(v), c), interference(f, s, v, false))),
                v -> jobs.applyAsLong(v) > MAX_JOBS_IN_WINDOW, check);
        if (busy >= INF) {
            return INF;
        }
        long q = jobs.applyAsLong(busy);
        long worst = 0;
        for (long j = 0; j < q; j++) {
            long qt = Ticks.mul(j, x.period());
            long base = Ticks.add(b, Ticks.mul(j, c));
            // Every start is at least base: a base already past the deadline makes every start past it.
            long start = fixedPoint(base, v -> Ticks.add(base, interference(f, s, v, true)),
                    v -> Ticks.add(v, c) - qt > room, check);
            if (start >= INF) {
                return INF;
            }
            worst = Math.max(worst, start + c - qt);
        }
        return worst;
    }

    /**
     * The least fixed point of {@code next} from {@code x}, or INF once an iterate is INF or {@code past}:
     * the iteration of every busy window and start time of both analyses, running {@code check} (the
     * budget) on every step. {@code next} never goes below its argument, and {@code past} holds on
     * everything above a value it holds on.
     */
    static long fixedPoint(long x, LongUnaryOperator next, LongPredicate past, Runnable check) {
        while (true) {
            check.run();
            if (x >= INF || past.test(x)) {
                return INF;
            }
            long y = next.applyAsLong(x);
            if (y == x) {
                return x;
            }
            x = y;
        }
    }

    /**
     * Σ over competing steps of ⌈(w + J_j) / T_j⌉ C_j (step 2); {@code upTo}: jobs released up to and
     * including w, ⌊(w + J_j)/T_j⌋ + 1 (a non-preemptive start time).
     */
    private long interference(int f, int s, long w, boolean upTo) {
        long sum = 0;
        for (int g = 0; g < flows.size(); g++) {
            Flow y = flows.get(g);
            for (int k = 0; k < y.steps().size(); k++) {
                if (!net.competes(f, s, g, k)) {
                    continue;
                }
                long j = jitter[g][k];
                if (j >= INF) {
                    return INF;
                }
                long jobs = upTo ? Ticks.add(w, j) / y.period() + 1 : (Ticks.add(w, j) + y.period() - 1) / y.period();
                sum = Ticks.add(sum, Ticks.mul(jobs, y.steps().get(k).max()));
            }
        }
        return sum;
    }

    /** The report of flow x from its steps' worst (INF: past the deadline) and best completions. */
    static FlowBound bound(Flow x, long[] r, long[] rb) {
        long end = r.length == 0 ? 0 : r[r.length - 1];
        long best = rb.length == 0 ? 0 : rb[rb.length - 1];
        boolean ok = end < INF;
        List<OptionalLong> steps = Arrays.stream(r).mapToObj(v -> v >= INF ? OptionalLong.empty() : OptionalLong.of(v))
                .toList();
        return new FlowBound(x.name(), ok ? OptionalLong.of(end) : OptionalLong.empty(), best,
                ok ? OptionalLong.of(end - best) : OptionalLong.empty(),
                ok ? OptionalLong.of(x.deadline() - end) : OptionalLong.empty(),
                x.bestEffort() ? null : ok, x.bestEffort(), steps);
    }
}
