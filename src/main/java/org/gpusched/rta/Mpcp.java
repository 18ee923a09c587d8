package org.gpusched.rta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;

/**
 * MPCP (Patel et al., RTAS 2018) as gcaps-rta.md states it: global priorities are the GPU order,
 * a request is a whole GPU segment G_{x,k}, waiting is priority-ordered.
 */
final class Mpcp extends ResponseEquation {
    Mpcp(boolean suspend) {
        super(suspend);
    }

    @Override
    long rhs(AnalysisState x, int i, long r) {
        long sum = own(x, i);
        sum = SaturatingTime.add(sum, directHigher(x, i, r));
        sum = SaturatingTime.add(sum, directLower(x, i, r));
        sum = SaturatingTime.add(sum, boosted(x, i, r));
        return SaturatingTime.add(sum, Lock.preemption(x, i, r, suspend));
    }

    @Override
    boolean countsLowerJobs() {
        return true;
    }

    /**
     * θ_l = ⌈(R + T_l − C_l − Gm_l)/T_l⌉, l's jobs in the window: its jitter taken as T_l − C_l − Gm_l, so
     * only while R_l ≤ T_l. SAFE: a task with no bound within its period may be backlogged and request
     * more often (with C_l + Gm_l > T_l θ_l would even be 0): not counted, θ_l is unbounded and the
     * budgets alone limit its requests.
     */
    private static long theta(AnalysisState x, int l, long r) {
        return x.late[l] ? SaturatingTime.INF : SaturatingTime.jobs(r, x.t[l] - x.c[l] - x.gm[l], x.t[l], 1);
    }

    /** W_{x,k} = G_{x,k} + Σ_{π_h > π_x} max_u G_{h,u}. */
    static long w(AnalysisState x, int k, int seg) {
        long s = x.seg(k, seg).total();
        // The artifact gives every best-effort task the same priority (-1): none is above another.
        boolean flat = x.variant == Variant.ARTIFACT && x.tasks.get(k).bestEffort();
        for (int h = 0; h < x.n; h++) {
            if (x.hp(h, k) && !(flat && x.tasks.get(h).bestEffort())) {
                s = SaturatingTime.add(s, Lock.longest(x, h));
            }
        }
        return s;
    }

    /**
     * β = max_{π_l ≤ π_i, u} W_{l,u} + Σ_{h∈hp} Σ_u (⌈(β + R_h − C_h − Gm_h)/T_h⌉ + 1) W_{h,u}, iterated
     * to its least fixed point; past D_i it is INF (then min(ηg_i ⌈β⌉, α_h) below is α_h, the safe side).
     */
    static long beta(AnalysisState x, int i) {
        long base = IntStream.range(0, x.n).filter(l -> !x.hp(l, i)).mapToLong(l -> IntStream.range(0, x.eta[l])
                .mapToLong(u -> w(x, l, u)).max().orElse(0)).max().orElse(0);
        long b = x.fixedPoint(base, x.d[i], v -> SaturatingTime.add(base,
                higher(x, i, h -> SaturatingTime.add(SaturatingTime.jobs(v, x.jc(h), x.t[h], 1), 1))));
        return b < 0 ? SaturatingTime.INF : b;
    }

    /**
     * B_dm,h = Σ_{h∈hp} Σ_k min(ηg_i ⌈β⌉, α_h) W_{h,k}, α_h = ⌈(R + R_h − C_h − Gm_h)/T_h⌉. In
     * integer time ⌈β⌉ = β, as printed (see docs/rta.md).
     */
    private static long directHigher(AnalysisState x, int i, long r) {
        if (!x.usesGpu(i)) {
            return 0;
        }
        long cap = SaturatingTime.mul(x.eta[i], beta(x, i));
        return higher(x, i, h -> Math.min(cap, SaturatingTime.jobs(r, x.jc(h), x.t[h], 1)));
    }

    /** Σ_{h∈hp(i)} times(h) Σ_u W_{h,u}: every request of a higher-priority task, times(h) over. */
    private static long higher(AnalysisState x, int i, IntToLongFunction times) {
        long sum = 0;
        for (int h = 0; h < x.n; h++) {
            if (x.hp(h, i)) {
                long n = times.applyAsLong(h);
                for (int u = 0; u < x.eta[h]; u++) {
                    sum = SaturatingTime.add(sum, SaturatingTime.mul(n, w(x, h, u)));
                }
            }
        }
        return sum;
    }

    /** B_dm,l = Σ_k ψ_k · (k-th largest lower-priority W), ψ_k = max(0, min(ηg_i − Σψ, θ_l)). */
    private static long directLower(AnalysisState x, int i, long r) {
        List<long[]> ws = new ArrayList<>();
        for (int l = 0; l < x.n; l++) {
            if (l != i && !x.hp(l, i)) {
                long theta = theta(x, l, r);
                for (int u = 0; u < x.eta[l]; u++) {
                    ws.add(new long[] {w(x, l, u), theta});
                }
            }
        }
        return greedy(ws, x.eta[i]);
    }

    /**
     * B_pm = Σ_{local l lower} Σ_k φ_k · (k-th largest Gm of l), φ_k = max(0, min(ηg_i + 1 − Σφ, θ_l)):
     * a local lower-priority task running its boosted request. SAFE (docs/rta.md): a busy-waiting
     * holder stays on its CPU, boosted, for its whole segment G_{l,u}, not only Gm_{l,u}; and a task
     * that can request without running on its CPU first is charged every request it can make in the
     * window (θ_l per segment), not only ηg_i + 1 of them.
     */
    private long boosted(AnalysisState x, int i, long r) {
        boolean safe = x.safe();
        long sum = 0;
        // The artifact reads π_l ≤ π_i literally: τi's own requests count among the boosted ones.
        boolean self = x.variant == Variant.ARTIFACT;
        for (int l = 0; l < x.n; l++) {
            if ((l == i ? self : x.sameCore(l, i) && x.cpuHigher(i, l)) && x.usesGpu(l)) {
                long theta = theta(x, l, r);
                List<long[]> held = new ArrayList<>();
                for (int u = 0; u < x.eta[l]; u++) {
                    GpuSegment s = x.seg(l, u);
                    held.add(new long[] {safe && !suspend ? s.total() : s.misc(), theta});
                }
                long budget = safe && x.requestsWithoutCpu(l) ? SaturatingTime.INF : x.eta[i] + 1L;
                sum = SaturatingTime.add(sum, greedy(held, budget));
            }
        }
        return sum;
    }

    /** Σ_k c_k · v_k taking values largest first, each at most its own cap, until {@code budget} is used. */
    private static long greedy(List<long[]> valueCap, long budget) {
        valueCap.sort(Comparator.comparingLong((long[] a) -> a[0]).reversed());
        long sum = 0;
        long left = budget;
        for (long[] vc : valueCap) {
            long take = Math.max(0, Math.min(left, vc[1]));
            sum = SaturatingTime.add(sum, SaturatingTime.mul(take, vc[0]));
            left = SaturatingTime.sub(left, take);
        }
        return sum;
    }
}
