package org.gpusched.player;

import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * How long each job runs, as a fraction of its batch's modelled completion time: {@code wcet}
 * (fraction 1), {@code fixed:F}, or {@code uniform:A..B} drawn per job from a seeded generator.
 * Fractions below 1 show what the table does when jobs run faster than the analysis assumed.
 */
public record ExecTime(double low, double high, String spec) {

    public static final ExecTime WCET = new ExecTime(1.0, 1.0, "wcet");

    public ExecTime {
        if (!(low > 0) || !(high >= low) || Double.isInfinite(high)) {
            throw new IllegalArgumentException("execution-time fractions need 0 < A <= B (got " + spec + ")");
        }
    }

    /** Parses {@code wcet}, {@code fixed:F} or {@code uniform:A..B}. */
    public static ExecTime parse(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        try {
            if (t.equals("wcet")) {
                return WCET;
            }
            if (t.startsWith("fixed:")) {
                double f = Double.parseDouble(t.substring(6));
                return new ExecTime(f, f, t);
            }
            if (t.startsWith("uniform:")) {
                String[] ab = t.substring(8).split("\\.\\.", -1);
                if (ab.length == 2) {
                    return new ExecTime(Double.parseDouble(ab[0]), Double.parseDouble(ab[1]), t);
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "': not a number in the execution-time fraction");
        }
        throw new IllegalArgumentException("'" + s + "' is not wcet, fixed:F or uniform:A..B (e.g. uniform:0.5..1.0)");
    }

    /**
     * Kernel durations in ticks, one per plan item, in plan order: ceil(K * f), at least 1, where K is
     * the batch's C(S) less its frame's copies (a frame runs its copies at their stated times and its
     * kernels in between; without copies K = C(S)). The draw order is fixed (plan order), so a seed
     * reproduces a run exactly.
     */
    public long[] durations(UnrolledTable plan, long seed) {
        return durations(plan, seed, IntStream.range(0, plan.entries()).mapToLong(plan::completion).toArray());
    }

    /**
     * For a GPU, what {@code play} and {@code loop} alike ask: each kernel its own isolated time (its
     * unit's wcet in {@code units}, a task's or its chain kernel's) times a fraction drawn per kernel
     * in plan order. The device then decides how long a set takes together, which is what the
     * table's model is checked against; asking every kernel for its frame's whole modelled time
     * would load the device more than the workload's own kernels do.
     */
    public long[] ownDurations(UnrolledTable plan, TaskSet units, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] d = new long[plan.items()];
        for (int i = 0; i < d.length; i++) {
            d[i] = sample(units.units().get(plan.unit(i)).wcet(), draw(rnd));
        }
        return d;
    }

    /** As {@link #durations(UnrolledTable, long)}, of the device's own completion time per entry (see {@link SimTiming}). */
    public long[] durations(UnrolledTable plan, long seed, long[] completion) {
        SplittableRandom rnd = new SplittableRandom(seed);
        long[] d = new long[plan.items()];
        for (int e = 0; e < plan.entries(); e++) {
            long c = Math.max(1, Ticks.sub(completion[e], plan.frameCopies(e)));
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                d[i] = sample(c, draw(rnd));
            }
        }
        return d;
    }

    /** One draw of the fraction (the generator advances only for a range). */
    public double draw(SplittableRandom rnd) {
        return low == high ? low : low + (high - low) * rnd.nextDouble();
    }

    /** ceil(c * f), at least 1 tick. */
    public static long sample(long c, double f) {
        return Math.max(1L, (long) Math.ceil(c * f));
    }

    @Override
    public String toString() {
        return spec;
    }
}
