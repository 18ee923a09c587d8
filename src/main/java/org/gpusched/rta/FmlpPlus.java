package org.gpusched.rta;

import java.util.stream.IntStream;

/** FMLP+ (Brandenburg, ECRTS 2014), partitioned and simplified as gcaps-rta.md states it: FIFO requests. */
final class FmlpPlus extends ResponseEquation {
    FmlpPlus(boolean suspend) {
        super(suspend);
    }

    /** ηg_x ⌈(R + T_x)/T_x⌉: requests of x in a window of length R. */
    private static long requests(AnalysisState x, int k, long r) {
        return SaturatingTime.jobs(r, x.t[k], x.t[k], x.eta[k]);
    }

    @Override
    long rhs(AnalysisState x, int i, long r) {
        long remote = 0;
        long zSum = 0;
        for (int k = 0; k < x.n; k++) {
            if (!x.sameCore(k, i) && x.usesGpu(k)) {
                long m = Math.min(x.eta[i], requests(x, k, r));
                remote = SaturatingTime.add(remote, SaturatingTime.mul(m, Lock.longest(x, k)));
                zSum = SaturatingTime.add(zSum, m);
            }
        }
        long z = Math.min(x.eta[i], zSum);
        long local = 0;
        for (int k = 0; k < x.n; k++) {
            if (k != i && x.sameCore(k, i) && x.cpuHigher(i, k) && x.usesGpu(k)) {
                // 1 + z_i: a local lower task needs its CPU to request, which τi leaves it only that often.
                // SAFE (docs/rta.md): a self-suspending τi leaves it the CPU during each of its ηg_i
                // requests (waiting, then its exec), not only z_i times; and a task that can request
                // without its CPU (a zero-length CPU segment before a GPU segment) is charged every
                // request it can make in the window.
                long n = requests(x, k, r);
                long occasions = 1 + (x.safe() && suspend ? x.eta[i] : z);
                long times = x.safe() && x.requestsWithoutCpu(k) ? n : Math.min(occasions, n);
                local = SaturatingTime.add(local, SaturatingTime.mul(times, Lock.longest(x, k)));
            }
        }
        long sum = SaturatingTime.add(own(x, i), SaturatingTime.add(remote, local));
        sum = SaturatingTime.add(sum, Lock.preemption(x, i, r, suspend));
        return suspend && x.safe() ? SaturatingTime.add(sum, localHigherExec(x, i, r)) : sum;
    }

    /**
     * SAFE, self-suspension (docs/rta.md, finding 3): while a local higher-priority task's request
     * runs on the GPU, τi may be waiting for the lock, a delay the CPU-only term C_h + Gm_h misses:
     * Σ_{h∈hpp, ηg_h>0} ⌈(R + R_h − Ge_h)/T_h⌉ Ge_h, when τi uses the GPU.
     */
    private static long localHigherExec(AnalysisState x, int i, long r) {
        if (!x.usesGpu(i)) {
            return 0;
        }
        return IntStream.range(0, x.n).filter(h -> x.hpp(h, i) && x.usesGpu(h))
                .mapToLong(h -> SaturatingTime.jobs(r, x.jg(h), x.t[h], x.ge[h])).reduce(0, SaturatingTime::add);
    }
}
