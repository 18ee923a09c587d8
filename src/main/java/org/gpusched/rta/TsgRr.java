package org.gpusched.rta;

import java.util.stream.IntStream;

/**
 * The stock driver: time-sliced round robin among GPU contexts (gcaps-rta.md, "Default TSG round-robin").
 * I(ν, G) = (L + θ) · ν · ⌈G / L⌉ is the delay ν other contexts can add to GPU work G.
 */
final class TsgRr extends ResponseEquation {
    TsgRr(boolean suspend) {
        super(suspend);
    }

    static long interleave(AnalysisState x, long nu, long work) {
        long slices = SaturatingTime.ceilDiv(work, x.slice);
        long paper = SaturatingTime.mul(SaturatingTime.mul(x.slice + x.theta, nu), slices);
        // SAFE adds the switch back into the delayed context, one θ per own slice when another context
        // can take the GPU (docs/rta.md, finding 1); the paper charges only the switches to the others.
        return x.safe() && nu > 0 ? SaturatingTime.add(paper, SaturatingTime.mul(x.theta, slices)) : paper;
    }

    @Override
    long rhs(AnalysisState x, int i, long r) {
        long sum = SaturatingTime.add(own(x, i), ownInterleaving(x, i));
        boolean artifact = x.variant == Variant.ARTIFACT;
        for (int h = 0; h < x.n; h++) {
            if (!x.hpp(h, i)) {
                continue;
            }
            if (suspend) {
                // Jc_h = R_h − (C_h + Gm_h); the artifact uses T_h in place of R_h.
                long j = artifact ? x.t[h] - (x.c[h] + x.gm[h]) : x.jc(h);
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, j, x.t[h], x.c[h] + x.gm[h]));
            } else if (artifact) {
                // The artifact's busy loop skips a CPU-only h altogether (its `continue` jumps over the
                // CPU term too) and charges a GPU-using h C_h + Gm_h besides G_h (Gm twice).
                if (x.usesGpu(h)) {
                    sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], SaturatingTime.add(x.c[h] + x.gm[h],
                            SaturatingTime.add(x.g[h], indirect(x, h, artifactNu(x, i))))));
                }
            } else {
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], x.c[h] + x.gm[h]));
                if (x.usesGpu(h)) {
                    sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], indirect(x, h, paperNu(x, i, h))));
                }
            }
        }
        return sum;
    }

    /** I^ie_i = Σ_j I(ν_i, Ge_{i,j}), ν_i = other GPU-using tasks, best-effort ones included. */
    private static long ownInterleaving(AnalysisState x, int i) {
        if (!x.usesGpu(i)) {
            return 0;
        }
        return indirect(x, i, IntStream.range(0, x.n).filter(k -> k != i && x.usesGpu(k)).count());
    }

    /** Σ_j I(ν, Ge_{h,j}): how long busy-waiting h holds the CPU while its GPU work is interleaved. */
    private static long indirect(AnalysisState x, int h, long nu) {
        return IntStream.range(0, x.eta[h]).mapToLong(j -> interleave(x, nu, x.seg(h, j).exec()))
                .reduce(0, SaturatingTime::add);
    }

    /** |{k ∉ hpp(i) : ηg_k > 0} ∪ {h}| (i itself included when it uses the GPU). */
    private static long paperNu(AnalysisState x, int i, int h) {
        return IntStream.range(0, x.n).filter(k -> k == h || !x.hpp(k, i) && x.usesGpu(k)).count();
    }

    /**
     * The artifact's ν: GPU tasks in hp(i) \ hpp(i) plus "lower-priority" ones, the latter taken as
     * the tasks at sorted indices 0 … n − idx(i) − 2 (the artifact's slip, kept on purpose).
     */
    private static long artifactNu(AnalysisState x, int i) {
        int last = x.n - x.artifactIndex[i] - 2;
        return IntStream.range(0, x.n).filter(x::usesGpu)
                .map(k -> (x.hp(k, i) && !x.hpp(k, i) ? 1 : 0) + (x.artifactIndex[k] <= last ? 1 : 0)).sum();
    }
}
