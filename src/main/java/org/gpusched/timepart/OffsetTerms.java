package org.gpusched.timepart;

import org.gpusched.model.Ticks;

import java.util.List;

/**
 * The interference terms of {@link OffsetBased}: the best-case offsets Φ and the jitters J of every
 * step (the jitters raised by the analysis between its global rounds), the phases φ_ijk of the
 * critical-instant candidates, and the work W_ik a flow's competing steps release in a window.
 */
final class OffsetTerms {
    /** No job of the own flow left out (a busy period's length counts every job). */
    static final long ALL = Long.MIN_VALUE;
    private static final long INF = Holistic.INF;

    final long[][] phi;
    final long[][] jitter;
    private final StepContention net;
    private final List<Flow> flows;
    /** The mutation check's broken count: later kernels left out for every activation, not only the own. */
    private final boolean everyActivation;

    OffsetTerms(StepContention net, boolean everyActivation) {
        this.net = net;
        this.flows = net.flows();
        this.everyActivation = everyActivation;
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

    /** φ_ajc = T − ((Φ_ac + J_ac − Φ_aj) mod T): the first release of step j after the critical instant. */
    long phase(int a, int j, int cand) {
        long t = flows.get(a).period();
        return t - Math.floorMod(phi[a][cand] + jitter[a][cand] - phi[a][j], t);
    }

    /**
     * Whether the own activation's job of step j is left out of the interference on kernel b: j a
     * later kernel, released no earlier than b (Φ_aj + J_aj ≥ Φ_ab + J_ab, which holds from the
     * second round), so that this job is counted, whenever it is, from the first in b's frame on.
     */
    private boolean leftOut(int a, int b, int j) {
        return j > b && net.step(a, b) instanceof Step.Gpu && net.step(a, j) instanceof Step.Gpu
                && Ticks.add(phi[a][j], jitter[a][j]) >= Ticks.add(phi[a][b], jitter[a][b]);
    }

    /** max(0, ⌈x / t⌉). */
    static long ceilJobs(long x, long t) {
        return x <= 0 ? 0 : (x + t - 1) / t;
    }

    /**
     * W_ik(τ_ab, w) = Σ_{j ∈ hp_i(τ_ab)} (⌊(J_ij + φ_ijk)/T_i⌋ + ⌈(w − φ_ijk)/T_i⌉)·C_ij; for the own
     * flow (i = a) of a kernel b less, for each later kernel j, the job of b's own activation (released
     * at {@code at} + Φ_aj − Φ_ab, which is only once b has finished) where counted; {@link #ALL}: none left out.
     */
    long transaction(int a, int b, int i, int k, long w, boolean upTo, long at) {
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
            long later = i == a && at != ALL && leftOut(a, b, j) ? at + phi[a][j] - phi[a][b] : ALL;
            boolean counted = later != ALL && (later < ph || (upTo ? later <= w : later < w));
            long jobs = everyActivation && later != ALL ? 0 : before + after - (counted ? 1 : 0);
            sum = Ticks.add(sum, Ticks.mul(jobs, net.step(i, j).max()));
        }
        return sum;
    }
}
