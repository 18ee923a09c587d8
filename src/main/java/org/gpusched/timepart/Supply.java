package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.Comparator;
import java.util.List;

/**
 * The processor supply one partition gets on one core under a cyclic plan (time-partitioning.md,
 * step 1): the intervals [start + switchOverhead, start + length) of its windows on that core,
 * repeating every major frame. {@link #FULL} is a core that is always supplied (no plan).
 *
 * @param majorFrame the plan's period (MAF); 1 for {@link #FULL}
 * @param intervals  available intervals within [0, majorFrame), sorted, disjoint
 */
public record Supply(long majorFrame, List<Interval> intervals) {
    /** Always supplied: sbf(t) = t, tsup(w) = w. */
    public static final Supply FULL = new Supply(1, List.of(new Interval(0, 1)));

    /** [start, end) within one major frame. */
    public record Interval(long start, long end) {
        public Interval {
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("need 0 <= start < end, got [" + start + ", " + end + ")");
            }
        }

        long length() {
            return end - start;
        }
    }

    public Supply {
        intervals = intervals.stream().sorted(Comparator.comparingLong(Interval::start)).toList();
        if (majorFrame < 1) {
            throw new IllegalArgumentException("major frame must be >= 1, got " + majorFrame);
        }
        long last = 0;
        for (Interval i : intervals) {
            if (i.start() < last || i.end() > majorFrame) {
                throw new IllegalArgumentException("intervals must be disjoint and within the major frame: " + intervals);
            }
            last = i.end();
        }
    }

    /**
     * Partition {@code name} on {@code core}: its windows on that core (a window without a core is on
     * every core), each shrunk at its start by the switch overhead (the switch into the partition).
     */
    public static Supply of(Platform.TimePartitions plan, String name, int core) {
        return new Supply(plan.majorFrame(), plan.partitions().stream().filter(p -> p.name().equals(name))
                .flatMap(p -> p.windows().stream()).filter(w -> w.core().isEmpty() || w.core().getAsInt() == core)
                .map(w -> new Interval(w.start() + plan.switchOverhead(), w.start() + w.length())).toList());
    }

    /** Supply per major frame. */
    public long perFrame() {
        return intervals.stream().mapToLong(Interval::length).sum();
    }

    /**
     * tsup(w) = min{t : sbf(t) >= w}; {@link Ticks#BEYOND} when the partition has no supply on this
     * core or w is. Because every phase's supply is non-decreasing in t, tsup is the largest over the
     * worst-phase candidates (interval ends) of the time each needs to deliver w. Runs {@code check}
     * (a budget's time check, which may throw) once per candidate phase: with n windows one call is
     * n² steps, 10^10 for a plan of 10^5 windows.
     */
    public long tsup(long w, Runnable check) {
        if (w <= 0) {
            return 0;
        }
        long s = perFrame();
        if (s == 0 || w >= Ticks.BEYOND) {
            return Ticks.BEYOND;
        }
        long max = 0;
        for (Interval i : intervals) {
            check.run();
            max = Math.max(max, timeToSupply(i.end() % majorFrame, w, s));
        }
        return max;
    }

    /** Least u with supplyFrom(x, u) >= w (w >= 1, s = supply per frame > 0). */
    private long timeToSupply(long x, long w, long s) {
        long k = (w - 1) / s;
        long r = w - k * s; // in [1, s]: found within one frame from x
        for (long shift : new long[] {0, majorFrame}) {
            for (Interval i : intervals) {
                long a = Math.max(i.start() + shift, x);
                long b = i.end() + shift;
                if (b <= a) {
                    continue;
                }
                if (b - a >= r) {
                    return Ticks.add(Ticks.mul(k, majorFrame), a + r - x);
                }
                r -= b - a;
            }
        }
        throw new IllegalStateException("one major frame supplies " + s + ", not reached from " + x);
    }

    /** Whether the core is supplied at absolute time t (the simulator's view of the plan). */
    public boolean available(long t) {
        long x = Math.floorMod(t, majorFrame);
        return intervals.stream().anyMatch(i -> x >= i.start() && x < i.end());
    }

    /** The next instant after t at which availability changes (a window starts or ends). */
    public long nextChange(long t) {
        if (intervals.isEmpty() || this.equals(FULL)) {
            return Ticks.BEYOND;
        }
        long base = t - Math.floorMod(t, majorFrame);
        long best = Ticks.BEYOND;
        for (long shift : new long[] {0, majorFrame}) {
            for (Interval i : intervals) {
                for (long e : new long[] {i.start(), i.end()}) {
                    long at = base + shift + e;
                    if (at > t && at < best) {
                        best = at;
                    }
                }
            }
        }
        return best;
    }
}
