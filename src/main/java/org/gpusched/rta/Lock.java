package org.gpusched.rta;

/** What the two synchronisation baselines share: the GPU as one lock, zero overhead. */
final class Lock {
    private Lock() { }

    /**
     * Σ_{h∈hpp} ⌈(R + R_h − C_h − X_h)/T_h⌉ (C_h + X_h), X = Gm (suspension) or G (busy-waiting).
     */
    static long preemption(AnalysisState x, int i, long r, boolean suspend) {
        long sum = 0;
        for (int h = 0; h < x.n; h++) {
            if (x.hpp(h, i)) {
                long xh = suspend ? x.gm[h] : x.g[h];
                sum = SaturatingTime.add(sum, SaturatingTime.jobs(r, SaturatingTime.sub(x.rCpu[h], x.c[h] + xh), x.t[h], x.c[h] + xh));
            }
        }
        return sum;
    }

    /** The longest request G_{x,u} of task x (0 for a CPU-only task). */
    static long longest(AnalysisState x, int k) {
        return x.tasks.get(k).gpu().stream().mapToLong(GpuSegment::total).max().orElse(0);
    }
}
