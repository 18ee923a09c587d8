package org.gpusched.partition;

import org.gpusched.model.Ticks;

import java.util.List;

/**
 * C^n(m): a kernel task's execution time on m SMs with no conflict (sm-partitioning.md). A time of
 * {@link Ticks#BEYOND} means the task cannot run on that many SMs (a table with no point at or below m).
 * Every curve here is computed in saturating integer arithmetic.
 */
public sealed interface Curve permits Curve.Amdahl, Curve.Table, Curve.Waves {

    long at(long m);

    /** ⌈parallel · measuredOnSms / m⌉ + serial. */
    record Amdahl(long parallel, long serial, long measuredOnSms) implements Curve {
        @Override
        public long at(long m) {
            long work = Ticks.mul(parallel, measuredOnSms);
            if (work == Ticks.BEYOND) {
                return Ticks.BEYOND;
            }
            return Ticks.add(ceil(work, m), serial);
        }
    }

    /** Explicit points in increasing sms; between points the next smaller m (safe: fewer SMs, no faster). */
    record Table(long[] sms, long[] time) implements Curve {
        public Table {
            sms = sms.clone();
            time = time.clone();
        }

        @Override
        public long at(long m) {
            int lo = -1;
            for (int k = 0; k < sms.length && sms[k] <= m; k++) {
                lo = k;
            }
            return lo < 0 ? Ticks.BEYOND : time[lo];
        }
    }

    /**
     * Our launch-shape model: each kernel (gpu segment) runs ⌈B / (m·r)⌉ waves of its B blocks with
     * r resident per SM, and its whole-GPU time {@code exec} is ⌈B / (M·r)⌉ such waves, so
     * C^n(m) = Σ ⌈exec · ⌈B/(m·r)⌉ / ⌈B/(M·r)⌉⌉.
     */
    record Waves(List<Kernel> kernels, long gpuSms) implements Curve {
        public Waves {
            kernels = List.copyOf(kernels);
        }

        /** One gpu segment: its isolated whole-GPU time, blocks and blocks resident per SM. */
        public record Kernel(long exec, long blocks, long residentPerSm) { }

        @Override
        public long at(long m) {
            long sum = 0;
            for (Kernel k : kernels) {
                long waves = ceil(k.blocks(), Ticks.mul(m, k.residentPerSm()));
                long full = ceil(k.blocks(), Ticks.mul(gpuSms, k.residentPerSm()));
                long t = Ticks.mul(k.exec(), waves);
                sum = Ticks.add(sum, t == Ticks.BEYOND ? t : ceil(t, full));
            }
            return sum;
        }
    }

    private static long ceil(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }
}
