package org.gpusched.experiment;

import org.gpusched.partition.Curve;
import org.gpusched.partition.KernelTask;
import org.gpusched.partition.Kind;
import org.gpusched.partition.PartitionInput;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The task sets of Zahaf et al. 2021, section 7.1, with the choices the paper leaves open fixed
 * here (docs/partitioning.md): utilisations by UUniFast-Discard (a vector is drawn again while a
 * task could not meet its deadline even alone on all M SMs as a memory kernel: u > 0.75 / (1/M + 0.1)),
 * periods drawn from {@link #PERIODS_MS} and raised to the next entry while ⌈a / M⌉ < 10 µs (the
 * paper's "reasonable execution time"), times in µs; kind memory with probability prm; C(m) = ⌈a/m⌉ + b
 * with a = u·T and b = 0.02·a (compute) or 0.1·a (memory), rounded; D = ⌊0.75·T⌋; conflict factors 1.2 / 2.3.
 */
public final class PartitionGenerator {
    static final long[] PERIODS_MS = {50, 100, 200, 250, 500, 1000, 2000, 4000};
    static final BigDecimal COMPUTE = new BigDecimal("1.2");
    static final BigDecimal MEMORY = new BigDecimal("2.3");

    private PartitionGenerator() { }

    /** One set: n tasks of total utilisation u on M SMs, memory-bound share prm. */
    public static PartitionInput generate(long seed, long sms, int n, double u, double prm, double deadlineRatio) {
        SplittableRandom r = new SplittableRandom(seed);
        double cap = deadlineRatio / (1.0 / sms + 0.1);
        if (u > n * cap) {
            throw new IllegalArgumentException("U = " + u + " cannot be split over " + n + " tasks of at most " + cap);
        }
        double[] us = Generator.uunifastDiscard(r, n, u, cap);
        List<KernelTask> tasks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean memory = r.nextDouble() <= prm;
            int p = r.nextInt(PERIODS_MS.length);
            long period = PERIODS_MS[p] * 1000;
            long a = Math.round(us[i] * period);
            while (p + 1 < PERIODS_MS.length && (a + sms - 1) / sms < 10) {
                period = PERIODS_MS[++p] * 1000;
                a = Math.round(us[i] * period);
            }
            a = Math.max(1, a);
            long b = Math.round((memory ? 0.1 : 0.02) * a);
            long deadline = (long) Math.floor(deadlineRatio * period);
            Kind kind = memory ? Kind.MEMORY : Kind.COMPUTE;
            tasks.add(KernelTask.of(i, "t" + i, period, deadline, kind, new Curve.Amdahl(a, b, 1),
                    memory ? MEMORY : COMPUTE));
        }
        return new PartitionInput(sms, tasks);
    }
}
