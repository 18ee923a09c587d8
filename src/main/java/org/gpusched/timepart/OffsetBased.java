package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.List;

/**
 * Offset-based response-time analysis of end-to-end flows with dynamic offsets (Palencia and
 * González Harbour, RTSS 1998, the "WCDO" approximation that MAST's offset-based analyses build on),
 * on fixed-priority cores, inside the partitions of a cyclic plan (the supply bound enters as in
 * Palencia et al., TPDS 2017) and on the non-preemptive GPU server, with the slanted interference
 * of Mäki-Turja and Nolin (RTCSA 2004): every flow's interference is its own fixed point for the
 * work the others leave, the worst candidate taken per flow after it. docs/timepart.md has the
 * equations; {@link #approximate} keeps the 1998 approximation as the reference.
 * <p>
 * Each step (a, b) of a flow is a task of its transaction with a best-case offset Φ (the sum of the
 * best cases before it) and a jitter J = R_pred − Φ. Unlike the holistic analysis, the steps of one
 * flow are phased relative to each other: a flow interferes with a busy period only with the jobs
 * its offsets allow, which is what makes the bound tighter. Jitters only grow between global rounds
 * (an over-approximated jitter keeps the analysis safe), and a completion past the deadline is ∞
 * as in {@link Holistic}, so the iteration terminates. On the server a kernel is not charged for
 * the later kernels of its own activation (queued only once it ends), a run of kernels back to
 * back is bounded as one segment too (other kernels counted up to its end, blocking once), and a
 * saturated server's level is concluded without walking its busy period (docs/timepart.md, all three).
 */
public final class OffsetBased {
    private static final long INF = Holistic.INF;
    private static final long ALL = OffsetTerms.ALL;

    private final StepContention net;
    private final List<Flow> flows;
    private final OffsetTerms terms;
    private final long[][] phi;
    private final long[][] jitter;
    private final Runnable check;
    private final boolean slanted;
    private final Mutant mutant;

    /** A deliberately broken analysis, for the mutation checks of the property tests. */
    enum Mutant { NONE, LATER_KERNELS_OF_EVERY_ACTIVATION, RUN_AS_ONE_KERNEL }

    private OffsetBased(List<Flow> flows, Platform.TimePartitions plan, Runnable check, boolean slanted,
                        Mutant mutant) {
        this.net = new StepContention(flows, plan);
        this.flows = net.flows();
        this.check = check;
        this.slanted = slanted;
        this.mutant = mutant;
        this.terms = new OffsetTerms(net, mutant == Mutant.LATER_KERNELS_OF_EVERY_ACTIVATION);
        this.phi = terms.phi;
        this.jitter = terms.jitter;
    }

    /** The slanted analysis of {@code flows} under {@code plan} (null: no time partitions). */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan) {
        return analyze(flows, plan, () -> { });
    }

    /** As {@link #analyze(List, Platform.TimePartitions)}, calling {@code check} (a budget) as it goes. */
    public static HolisticResult analyze(List<Flow> flows, Platform.TimePartitions plan, Runnable check) {
        return new OffsetBased(flows, plan, check, true, Mutant.NONE).run();
    }

    /**
     * The 1998 approximation alone (W*_i = max_k W_ik inside one fixed point): what MAST calls
     * {@code offset_based_approx}, kept as the reference the slanted analysis is never above.
     */
    public static HolisticResult approximate(List<Flow> flows, Platform.TimePartitions plan) {
        return new OffsetBased(flows, plan, () -> { }, false, Mutant.NONE).run();
    }

    /** The slanted analysis broken by {@code mutant}, for the mutation checks. */
    static HolisticResult broken(List<Flow> flows, Platform.TimePartitions plan, Mutant mutant) {
        return new OffsetBased(flows, plan, () -> { }, true, mutant).run();
    }

    private HolisticResult run() {
        return Holistic.iterate(flows, jitter, this::pass, true);
    }

    /** Worst completion of every step of flow f, from its nominal release; INF past the deadline. */
    private long[] pass(int f) {
        Flow x = flows.get(f);
        long[] r = new long[x.steps().size()];
        long rp = x.jitter();
        for (int s = 0; s < r.length; s++) {
            Step step = x.steps().get(s);
            long end = rp >= INF ? INF : Ticks.add(rp, step.max());
            if (rp < INF && !(step instanceof Step.Delay)) {
                end = Math.max(response(f, s, s), end);
                int first = s;
                while (net.backToBack(f, first)) {
                    first--;
                }
                if (first < s) { // the run's kernels first .. s as one segment, bounded apart (docs/timepart.md)
                    long before = first == 0 ? x.jitter() : r[first - 1];
                    end = Math.min(end, Math.max(response(f, first, s), Ticks.add(before, work(f, first, s))));
                }
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
     * which gives the same pL as computing the busy period's length first. With e > b, the completion
     * of the back-to-back run of kernels b .. e, relative to the activation's release, the same way.
     */
    private long response(int a, int b, int e) {
        Flow x = flows.get(a);
        long period = x.period();
        long c = net.step(a, b).max();
        long run = work(a, b, e);
        long blocking = net.blocking(a, b);
        // A run of kernels b .. e ends once the server has served every competing kernel released
        // before its end, as a preemptive task does (counted up to the end, not up to a start).
        boolean preemptive = net.preemptive(a, b) || e > b && mutant != Mutant.RUN_AS_ONE_KERNEL;
        if (jitter[a][b] >= INF) {
            return INF;
        }
        long horizon = preemptive ? INF : net.serverHorizon(a, b); // a saturated server's busy period never ends
        if (horizon < 0) {
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
            long ph = terms.phase(a, b, cand);
            long before = Math.floorDiv(Ticks.add(jitter[a][b], ph), period);
            long p0 = 1 - before;
            Own self = new Own(before, ph, c);
            SlantState busy = slanted ? new SlantState(flows) : null;
            SlantState job = slanted ? new SlantState(flows) : null;
            for (long p = p0; ; p++) {
                long jobs = p - p0 + 1;
                long base = Ticks.add(block, Ticks.add(Ticks.mul(jobs - 1, c), preemptive ? run : 0));
                long at = ph + (p - 1) * period; // job p's release in the busy period's time (nominal)
                long limit = x.deadline() + at - phi[a][b];
                long w = slanted ? slantedCompletion(a, b, cand, base, run, preemptive, limit, job, at)
                        : completion(a, b, cand, base, run, preemptive, limit, at);
                if (w >= INF || jobs > Holistic.MAX_JOBS_IN_WINDOW || at > horizon) {
                    return INF;
                }
                worst = Math.max(worst, w - at + phi[a][b]);
                // The busy period ends by w once the work released before w (the next jobs of b included) fits in it.
                if (p >= 0 && busyBy(a, b, cand, block, self, w, busy)) {
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
    private long completion(int a, int b, int cand, long base, long c, boolean preemptive, long limit, long at) {
        long w = Holistic.fixedPoint(preemptive ? net.tsup(a, b, base) : base,
                v -> preemptive ? net.tsup(a, b, Ticks.add(base, others(a, b, cand, v, false, at)))
                        : Ticks.add(base, others(a, b, cand, v, true, at)),
                v -> (preemptive ? v : v + c) > limit, check);
        return w >= INF || preemptive ? w : Ticks.add(w, c);
    }

    /**
     * Whether the level busy period of (a, b) from the critical instant of candidate {@code cand}
     * has ended by w: some x ≤ w where the work released before x (b's own jobs, {@code self} =
     * {before, φ_abc, C_ab}, included) fits in x.
     */
    private boolean busyBy(int a, int b, int cand, long block, Own self, long w, SlantState busy) {
        if (slanted) {
            return decompose(a, b, cand, block, false, w, self, busy, ALL) <= w;
        }
        long own = Ticks.mul(Ticks.add(self.before(), OffsetTerms.ceilJobs(w - self.phase(), flows.get(a).period())), self.c());
        return net.tsup(a, b, Ticks.add(Ticks.add(block, own), others(a, b, cand, w, false, ALL))) <= w;
    }

    /**
     * The slanted completion (Mäki-Turja and Nolin): the job finishes at tsup(base + Σ_i V_i) where
     * every flow's interference V_i = I_i(X_i) is its own fixed point for the work X_i the others
     * leave (docs/timepart.md, "Slanted interference"). Non-preemptive: V_i counts the jobs released
     * up to the start, and the completion is the start plus C. INF past {@code limit}.
     */
    private long slantedCompletion(int a, int b, int cand, long base, long c, boolean preemptive, long limit,
                                   SlantState from, long at) {
        long s = decompose(a, b, cand, base, !preemptive, preemptive ? limit : limit - c, null, from, at);
        return s >= INF ? INF : preemptive ? s : Ticks.add(s, c);
    }

    /**
     * The least V with V_i = I_i(base + Σ_{j≠i} V_j) for every flow i (the own flow a phased by
     * {@code cand}, with {@code own}'s jobs when not null; every other flow at the worst of its candidates,
     * max_k I_ik), found from V = 0 or going on from {@code it}, the state a call with a smaller
     * base or limit left (the iteration only climbs: every I_i is non-decreasing in X, so a busy
     * period's length, and job p + 1 after job p, go on from where the last call stopped).
     * Returns tsup(base + Σ V), INF once past {@code limit}.
     */
    private long decompose(int a, int b, int cand, long base, boolean upTo, long limit, Own own, SlantState it,
                           long at) {
        int n = flows.size();
        long[] v = it.v;
        while (true) {
            check.run();
            long total = base;
            for (long x : v) {
                total = Ticks.add(total, x);
            }
            if (time(a, b, total) > limit) {
                return INF;
            }
            boolean same = true;
            long[] next = new long[n];
            for (int i = 0; i < n; i++) {
                long rest = total - v[i];
                for (int k = 0; k < flows.get(i).steps().size(); k++) {
                    if (i == a ? k == cand : net.competes(a, b, i, k)) {
                        long x = slant(a, b, i, k, rest, upTo, limit, i == a ? own : null, it.x[i], at);
                        if (x >= INF) {
                            return INF;
                        }
                        next[i] = Math.max(next[i], x);
                    }
                }
                same &= next[i] == v[i];
            }
            System.arraycopy(next, 0, v, 0, n);
            if (same) {
                return time(a, b, total);
            }
        }
    }

    /**
     * I_ik(X) = W_ik(x) at the least x = tsup(X + W_ik(x)): the work of flow i (phased by its step
     * k) that can run while X of the rest is served; INF once x passes {@code limit}. {@code from[k]}:
     * where the iteration for k got to before (below the fixed point, X having only grown since).
     */
    private long slant(int a, int b, int i, int k, long rest, boolean upTo, long limit, Own own, long[] from,
                       long at) {
        long x = Math.max(from[k], time(a, b, rest));
        while (true) {
            check.run();
            from[k] = x;
            if (x > limit) {
                return INF;
            }
            long work = terms.transaction(a, b, i, k, x, upTo, at);
            if (own != null) {
                work = Ticks.add(work, Ticks.mul(Ticks.add(own.before(), OffsetTerms.ceilJobs(x - own.phase(),
                        flows.get(a).period())), own.c()));
            }
            long next = time(a, b, Ticks.add(rest, work));
            if (next == x) {
                return work;
            }
            x = next;
        }
    }

    /**
     * b's own jobs in a busy period: {@code before} pending at the critical instant, then one per
     * period from {@code phase}, {@code c} each.
     */
    private record Own(long before, long phase, long c) { }

    /** When the processor of (a, b) has served {@code demand}: tsup on a CPU, the demand itself on the GPU. */
    private long time(int a, int b, long demand) {
        return demand >= INF ? INF : net.tsup(a, b, demand);
    }

    /** Σ C of steps b .. e of flow a. */
    private long work(int a, int b, int e) {
        long sum = 0;
        for (int k = b; k <= e; k++) {
            sum = Ticks.add(sum, net.step(a, k).max());
        }
        return sum;
    }

    /**
     * The interference on step (a, b) in a window of length w from the critical instant: its own
     * flow's competing steps phased by candidate {@code cand}, and for every other flow the worst of
     * its candidates (W*_i = max_k W_ik). {@code upTo}: jobs released up to and including w.
     */
    private long others(int a, int b, int cand, long w, boolean upTo, long at) {
        long sum = terms.transaction(a, b, a, cand, w, upTo, at);
        for (int i = 0; i < flows.size(); i++) {
            if (i == a) {
                continue;
            }
            long most = 0;
            for (int k = 0; k < flows.get(i).steps().size(); k++) {
                if (net.competes(a, b, i, k)) {
                    most = Math.max(most, terms.transaction(a, b, i, k, w, upTo, at));
                }
            }
            sum = Ticks.add(sum, most);
        }
        return sum;
    }
}
