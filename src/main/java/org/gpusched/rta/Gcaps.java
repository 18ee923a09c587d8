package org.gpusched.rta;

/**
 * GCAPS: preemptive GPU priorities enforced by runlist updates of cost ε (gcaps-rta.md, "GCAPS").
 * Own term C_i + G*_i, CPU blocking B^C = (ηg_i + 1) ε, no interleaving.
 */
final class Gcaps extends ResponseEquation {
    Gcaps(boolean suspend) {
        super(suspend);
    }

    @Override
    long own(AnalysisState x, int i) {
        return SaturatingTime.add(x.c[i] + x.g[i], x.star(i));
    }

    @Override
    long rhs(AnalysisState x, int i, long r) {
        long sum = SaturatingTime.add(own(x, i), SaturatingTime.mul(x.eta[i] + 1L, x.eps));
        // Busy: the artifact merges the local terms into ⌈R/T_h⌉ (C_h + G_h + 2εηg_h) and always adds the
        // remote term: with the P^C term this page keeps, that is the very same sum, so one method serves both.
        return suspend ? suspend(x, i, r, sum) : busy(x, i, r, sum);
    }

    private static long suspend(AnalysisState x, int i, long r, long sum) {
        boolean gpuI = x.usesGpu(i);
        for (int h = 0; h < x.n; h++) {
            if (x.hpp(h, i)) {
                if (x.usesGpu(h)) {
                    sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, x.jc(h), x.t[h],
                            SaturatingTime.add(x.c[h] + x.gm[h], x.star(h))));
                    if (gpuI) {
                        sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, x.jg(h), x.t[h], x.ge[h]));
                    }
                } else {
                    sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], x.c[h]));
                }
            } else if (gpuI && x.usesGpu(h) && x.hp(h, i)) {
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, x.jgRemote(h), x.t[h], x.geStar(h)));
            }
        }
        return sum;
    }

    private static long busy(AnalysisState x, int i, long r, long sum) {
        for (int h = 0; h < x.n; h++) {
            if (x.hpp(h, i) && !x.hp(h, i)) {
                return SaturatingTime.INF; // above τi on its core, below on the GPU: τi waits on work no term counts
            } else if (x.hpp(h, i)) {
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], x.c[h] + x.gm[h]));
                if (x.usesGpu(h)) {
                    // With ηg_i > 0 this is I^dp's local part; with ηg_i = 0 it is the busy-waited
                    // Ge*_h the paper's printed P^C lacks (kept: needed for safety, the artifact has it).
                    sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, 0, x.t[h], x.geStar(h)));
                }
            } else if (x.usesGpu(h) && x.hp(h, i)) {
                // I^dp's remote part when ηg_i > 0, I^id when ηg_i = 0: the same term.
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, x.jgRemote(h), x.t[h], x.geStar(h)));
            }
        }
        return sum;
    }
}
