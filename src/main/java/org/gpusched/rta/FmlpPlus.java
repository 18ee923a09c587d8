package org.gpusched.rta;

/** FMLP+ (Brandenburg, ECRTS 2014), partitioned and simplified as gcaps-rta.md states it: FIFO requests. */
final class FmlpPlus implements Analysis {
    private final boolean suspend;

    FmlpPlus(boolean suspend) {
        this.suspend = suspend;
    }

    @Override
    public long own(Ctx x, int i) {
        return x.c[i] + x.g[i];
    }

    /** ηg_x ⌈(R + T_x)/T_x⌉: requests of x in a window of length R. */
    private static long requests(Ctx x, int k, long r) {
        return Sat.jobs(r, x.t[k], x.t[k], x.eta[k]);
    }

    @Override
    public long rhs(Ctx x, int i, long r) {
        long remote = 0;
        long zSum = 0;
        for (int k = 0; k < x.n; k++) {
            if (!x.sameCore(k, i) && x.usesGpu(k)) {
                long m = Math.min(x.eta[i], requests(x, k, r));
                remote = Sat.add(remote, Sat.mul(m, Lock.longest(x, k)));
                zSum = Sat.add(zSum, m);
            }
        }
        long z = Math.min(x.eta[i], zSum);
        long local = 0;
        for (int k = 0; k < x.n; k++) {
            if (k != i && x.sameCore(k, i) && x.cpuHigher(i, k) && x.usesGpu(k)) {
                local = Sat.add(local, Sat.mul(Math.min(1 + z, requests(x, k, r)), Lock.longest(x, k)));
            }
        }
        long sum = Sat.add(own(x, i), Sat.add(remote, local));
        return Sat.add(sum, Lock.preemption(x, i, r, suspend));
    }
}
