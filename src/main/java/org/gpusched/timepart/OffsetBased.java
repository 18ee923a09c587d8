package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;

/**
 * Offset-based response-time analysis of end-to-end flows with dynamic offsets (Palencia and
 * González Harbour, RTSS 1998, the "WCDO" approximation that MAST's offset-based analyses build on),
 * on fixed-priority cores, inside the partitions of a cyclic plan (the supply bound enters as in
 * Palencia et al., TPDS 2017) and on the non-preemptive GPU server. docs/timepart.md has the
 * equations.
 * <p>
 * Each step (a, b) of a flow is a task of its transaction with a best-case offset Φ (the sum of the
 * best cases before it) and a jitter J = R_pred − Φ. Unlike the holistic analysis, the steps of one
 * flow are phased relative to each other: a flow interferes with a busy period only with the jobs
 * its offsets allow, which is what makes the bound tighter. Jitters only grow between global rounds
 * (an over-approximated jitter keeps the analysis safe), and a completion past the deadline is ∞
 * as in {@link Holistic}, so the iteration terminates.
 */
public final class OffsetBased {
    private static final long INF = Holistic.INF;

    private final Contention net;
    private final List<Flow> flows;
    private final long[][] phi;
    private final long[][] jitter;
    private final Runnable check;

    private OffsetBased(List<Flow> flows, Platform.TimePartitions plan, Runnable check) {
        this.net = new Contention(flows, plan);
        this.flows = net.flows();
        this.check = check;
        int n = flows.size();
        phi = new long[n][];
        jitter = new long[n][];
        for (int f = 0; f < n; f++) {
            List<Step> steps = flows.get(f).steps();
            phi[f] = new long[steps.size()];
            jitter[f] = new long[steps.size()];
            long at = 0;
            for (int s = 0; s < steps.size(); s++) {
                phi[f][s] = at;
                at = Ticks.add(at, steps.get(s).min());
            }
            if (!steps.isEmpty()) {
                jitter[f][0] = flows.get(f).jitter();
            }
        }
    }

    /** Analyses {@code flows} under {@code plan} (null: no time partitions). */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan) {
        return analyze(flows, plan, () -> { });
    }

    /** As {@link #analyze(List, Platform.TimePartitions)}, calling {@code check} (a budget) as it goes. */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan, Runnable check) {
        return new OffsetBased(flows, plan, check).run();
    }

    private HolisticResult run() {
        int n = flows.size();
        long[][] r = new long[n][];
        int rounds = 0;
        boolean changed = true;
        while (changed) {
            rounds++;
            for (int f = 0; f < n; f++) {
                r[f] = pass(f);
            }
            changed = false;
            for (int f = 0; f < n; f++) {
                for (int s = 1; s < jitter[f].length; s++) {
                    long prev = r[f][s - 1];
                    long j = prev >= INF ? INF : Math.max(jitter[f][s], prev - phi[f][s]);
                    if (rounds >= Holistic.MAX_ROUNDS && j != jitter[f][s]) {
                        j = INF;
                    }
                    changed |= j != jitter[f][s];
                    jitter[f][s] = j;
                }
            }
        }
        List<FlowBound> out = new ArrayList<>();
        for (int f = 0; f < n; f++) {
            out.add(Holistic.bound(flows.get(f), r[f], bestCases(f)));
        }
        return new HolisticResult(out, rounds);
    }

    private long[] bestCases(int f) {
        List<Step> steps = flows.get(f).steps();
        long[] rb = new long[steps.size()];
        for (int s = 0; s < rb.length; s++) {
            rb[s] = Ticks.add(phi[f][s], steps.get(s).min());
        }
        return rb;
    }

    /** Worst completion of every step of flow f, from its nominal release; INF past the deadline. */
    private long[] pass(int f) {
        Flow x = flows.get(f);
        long[] r = new long[x.steps().size()];
        long rp = x.jitter();
        for (int s = 0; s < r.length; s++) {
            long end;
            if (rp >= INF) {
                end = INF;
            } else if (net.processed(f, s)) {
                end = Math.max(response(f, s), Ticks.add(rp, x.steps().get(s).max()));
            } else {
                end = Ticks.add(rp, x.steps().get(s).max());
            }
            r[s] = end > x.deadline() ? INF : end;
            rp = r[s];
        }
        return r;
    }

    /**
     * R_ab = max over the critical-instant candidates c (steps of flow a that compete with b, and b)
     * and the jobs p0..pL of b in the busy period of w_abc(p) − φ_abc − (p − 1)·T_a + Φ_ab. The jobs
     * are taken in order until the busy period provably ends (its demand up to w_abc(p) fits in it),
     * which gives the same pL as computing the busy period's length first.
     */
    private long response(int a, int b) {
        Flow x = flows.get(a);
        long period = x.period();
        long c = net.step(a, b).max();
        long blocking = net.blocking(a, b);
        boolean preemptive = net.preemptive(a, b);
        if (jitter[a][b] >= INF) {
            return INF;
        }
        long worst = 0;
        for (int cand = 0; cand < x.steps().size(); cand++) {
            if (cand != b && !net.competes(a, b, a, cand)) {
                continue;
            }
            if (jitter[a][cand] >= INF) {
                return INF;
            }
            // Lower-priority blocking once per back-to-back run of kernels: a busy period first
            // activated by a kernel that follows its predecessor kernel finds the GPU free of it.
            long block = net.backToBack(a, cand) ? 0 : blocking;
            long ph = phase(a, b, cand);
            long before = Math.floorDiv(Ticks.add(jitter[a][b], ph), period);
            long p0 = 1 - before;
            for (long p = p0; ; p++) {
                long jobs = p - p0 + 1;
                long w = completion(a, b, cand, Ticks.add(block, Ticks.mul(preemptive ? jobs : jobs - 1, c)), c,
                        preemptive, x.deadline() + ph + (p - 1) * period - phi[a][b]);
                if (w >= INF || jobs > Holistic.MAX_JOBS_IN_WINDOW) {
                    return INF;
                }
                worst = Math.max(worst, w - ph - (p - 1) * period + phi[a][b]);
                // The busy period ends by w once the work released before w (the next jobs of b included) fits in it.
                long own = Ticks.mul(Ticks.add(before, ceilJobs(w - ph, period)), c);
                if (p >= 0 && net.tsup(a, b, Ticks.add(Ticks.add(block, own), others(a, b, cand, w, false))) <= w) {
                    break;
                }
            }
        }
        return worst;
    }

    /**
     * Completion of a job from the critical instant: preemptive, w = tsup(base + interference(w));
     * non-preemptive, the start s = base + interference released up to s, plus c. INF once past
     * {@code limit} (the deadline in this time frame).
     */
    private long completion(int a, int b, int cand, long base, long c, boolean preemptive, long limit) {
        long w = preemptive ? net.tsup(a, b, base) : base;
        while (true) {
            check.run();
            if (w >= INF || (preemptive ? w : w + c) > limit) {
                return INF;
            }
            long next = preemptive ? net.tsup(a, b, Ticks.add(base, others(a, b, cand, w, false)))
                    : Ticks.add(base, others(a, b, cand, w, true));
            if (next == w) {
                return preemptive ? w : Ticks.add(w, c);
            }
            w = next;
        }
    }

    /** φ_ajc = T − ((Φ_ac + J_ac − Φ_aj) mod T): the first release of step j after the critical instant. */
    private long phase(int a, int j, int cand) {
        long t = flows.get(a).period();
        return t - Math.floorMod(phi[a][cand] + jitter[a][cand] - phi[a][j], t);
    }

    /** max(0, ⌈x / t⌉). */
    private static long ceilJobs(long x, long t) {
        return x <= 0 ? 0 : (x + t - 1) / t;
    }

    /**
     * The interference on step (a, b) in a window of length w from the critical instant: its own
     * flow's competing steps phased by candidate {@code cand}, and for every other flow the worst of
     * its candidates (W*_i = max_k W_ik). {@code upTo}: jobs released up to and including w.
     */
    private long others(int a, int b, int cand, long w, boolean upTo) {
        long sum = transaction(a, b, a, cand, w, upTo);
        for (int i = 0; i < flows.size(); i++) {
            if (i == a) {
                continue;
            }
            long most = 0;
            for (int k = 0; k < flows.get(i).steps().size(); k++) {
                if (net.competes(a, b, i, k)) {
                    most = Math.max(most, transaction(a, b, i, k, w, upTo));
                }
            }
            sum = Ticks.add(sum, most);
        }
        return sum;
    }

    /** W_ik(τ_ab, w) = Σ_{j ∈ hp_i(τ_ab)} (⌊(J_ij + φ_ijk)/T_i⌋ + ⌈(w − φ_ijk)/T_i⌉)·C_ij. */
    private long transaction(int a, int b, int i, int k, long w, boolean upTo) {
        long t = flows.get(i).period();
        long sum = 0;
        for (int j = 0; j < flows.get(i).steps().size(); j++) {
            if (!net.competes(a, b, i, j)) {
                continue;
            }
            if (jitter[i][j] >= INF || jitter[i][k] >= INF) {
                return INF;
            }
            long ph = phase(i, j, k);
            long before = Math.floorDiv(Ticks.add(jitter[i][j], ph), t);
            long after = upTo ? Math.max(0, Math.floorDiv(w - ph, t) + 1) : ceilJobs(w - ph, t);
            sum = Ticks.add(sum, Ticks.mul(before + after, net.step(i, j).max()));
        }
        return sum;
    }
}
