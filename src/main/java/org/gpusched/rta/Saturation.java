package org.gpusched.rta;

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A core saturated above a task: the CPU work of the tasks with a higher CPU priority on its core
 * takes all of it, Σ_{h∈hpp(i)} C_h / T_h ≥ 1. Every equation of the family (SAFE and PAPER
 * readings) charges at least ⌈R / T_h⌉ C_h for each such h with a non-negative jitter, so
 * f(R) ≥ own_i + R · Σ C_h / T_h > R for every R when own_i > 0: no fixed point exists and the task
 * is unbounded. Concluding that at once spares an iteration whose length grows with the deadline
 * (10^12 steps for a task of period 10^12 below a task of period 1 and WCET 1). The artifact's
 * reading can charge less (a negative jitter), so it is left to its iteration.
 */
public final class Saturation {
    private Saturation() { }

    /** The reason task i has no fixed point, or null when its core is not saturated above it. */
    static String above(AnalysisState x, int i) {
        if (x.c[i] + x.g[i] <= 0) {
            return null;
        }
        double u = 0;
        for (int h = 0; h < x.n; h++) {
            if (x.hpp(h, i)) {
                if (x.rCpu[h] < SaturatingTime.add(x.c[h] + x.g[h], x.star(h))) {
                    return null; // a jitter below 0 may charge one job less: no shortcut
                }
                u += (double) x.c[h] / x.t[h];
            }
        }
        // The double sum decides unless it is within rounding of 1; then the exact sum does.
        if (u < 1 - 1e-9 || u <= 1 + 1e-9 && !exactlyFull(x, i)) {
            return null;
        }
        return "core " + x.tasks.get(i).core() + " is fully loaded above " + x.tasks.get(i).name()
                + ": its higher-priority tasks use " + Math.round(u * 100) + " % of it";
    }

    private static boolean exactlyFull(AnalysisState x, int i) {
        BigInteger num = BigInteger.ZERO;
        BigInteger den = BigInteger.ONE;
        for (int h = 0; h < x.n; h++) {
            if (x.hpp(h, i)) {
                BigInteger t = BigInteger.valueOf(x.t[h]);
                num = num.multiply(t).add(BigInteger.valueOf(x.c[h]).multiply(den));
                den = den.multiply(t);
                BigInteger g = num.gcd(den);
                num = num.divide(g);
                den = den.divide(g);
            }
        }
        return num.compareTo(den) >= 0;
    }

    /**
     * The saturated tasks of a workload with their reasons (empty: none), for reports. Best-effort
     * tasks are left out: they are never judged.
     */
    public static List<String> reasons(RtaWorkload w) {
        int[] rank = ResponseTimeAnalysis.ranks(ResponseTimeAnalysis.givenOrder(w));
        AnalysisState x = new AnalysisState(w, Variant.SAFE, rank, () -> { }, true);
        return IntStream.range(0, x.n).filter(i -> !x.tasks.get(i).bestEffort()).mapToObj(i -> above(x, i))
                .filter(Objects::nonNull).toList();
    }
}
