package org.gpusched.explore.bound;

import org.gpusched.model.Ticks;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * A lower bound on the total length of the frames that run given numbers of kernels per unit,
 * charging what a parallel frame costs under the slowdown model (proof in docs/explorer.md,
 * "Slowed staircase"). A frame of one kernel lasts its wcet C_u; a frame of two or more lasts at
 * least the largest slowed time s_u = ceil(C_u f_u) of its kernels. With the units sorted by s,
 * largest first, a schedule is relaxed to Z_p "parallel" frames of which the one headed at
 * position k costs s_k and may cover every position from k on, plus lone frames for what they
 * leave: the least cost, minimised over non-decreasing Z, is
 * Σ_p Z_p (s_p − s_{p+1}) + C_p max(0, m_p − Z_p), solved exactly by a dynamic program over the
 * breakpoints {0} ∪ {m_p} (a separable piecewise-linear convex objective under an order
 * constraint has an optimum on its breakpoints). Scratch arrays make an instance single-threaded.
 */
public final class SlowedStaircase {
    /** Units by slowed time, longest first (ties by index). */
    private final int[] order;
    /** Per position: the lone frame's length and s_p − s_{p+1}. */
    private final long[] solo;
    private final long[] step;
    private final long[] values;
    private final long[] wcetOf;
    private final long[] slowedOf;
    private final long[] prev;
    private final long[] cur;
    /**
     * The largest count for which no cost of the dynamic program can overflow: up to it the sums
     * are plain, above it they saturate ({@link Ticks}). Both give the same value wherever the
     * plain one does not overflow; the plain loop is a third of a sweep state's bound.
     */
    private final long plainUpTo;

    /**
     * @param wcet   per unit, a lone frame's length
     * @param slowed per unit, a lower bound on its time in a frame of two or more (at least its wcet)
     * @param broken the mutation check's unsound variant: a lone frame charged its slowed time
     */
    public SlowedStaircase(long[] wcet, long[] slowed, boolean broken) {
        int n = wcet.length;
        Integer[] byS = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(byS, (a, b) -> slowed[a] != slowed[b] ? Long.compare(slowed[b], slowed[a]) : Integer.compare(a, b));
        order = new int[n];
        solo = new long[n];
        step = new long[n];
        for (int p = 0; p < n; p++) {
            int u = byS[p];
            order[p] = u;
            solo[p] = broken ? slowed[u] : wcet[u];
            step[p] = slowed[u] - (p + 1 < n ? slowed[byS[p + 1]] : 0);
        }
        wcetOf = wcet.clone();
        slowedOf = slowed.clone();
        values = new long[n + 1];
        prev = new long[n + 1];
        cur = new long[n + 1];
        long widest = 1;
        for (int p = 0; p < n; p++) {
            widest = Math.max(widest, Math.max(solo[p], step[p]));
        }
        // Every cost is a sum over n positions of at most 2 m widest: within 2^62 for m up to this.
        plainUpTo = (Long.MAX_VALUE >> 1) / widest / (2L * n + 2);
    }

    /** True when some unit runs slower in parallel than alone: otherwise the plain staircase is as strong. */
    static boolean matters(long[] wcet, long[] slowed) {
        return IntStream.range(0, wcet.length).anyMatch(u -> slowed[u] > wcet[u]);
    }

    /**
     * An upper bound on {@link #need}: the cost of two feasible relaxed schedules, every kernel in
     * a lone frame (Σ m C) or max m parallel frames headed at the slowest due unit (max m · max s).
     */
    public long upper(long[] due) {
        long serial = 0;
        long most = 0;
        long slowest = 0;
        for (int u = 0; u < due.length; u++) {
            if (due[u] > 0) {
                serial = Ticks.add(serial, Ticks.mul(due[u], wcetOf[u]));
                most = Math.max(most, due[u]);
                slowest = Math.max(slowest, slowedOf[u]);
            }
        }
        return Math.min(serial, Ticks.mul(most, slowest));
    }

    /** The least total frame length that runs {@code due[u]} kernels of each unit u (saturating). */
    public long need(long[] due) {
        int v = 0;
        values[v++] = 0;
        for (long m : due) {
            if (m > 0) {
                values[v++] = m;
            }
        }
        if (v == 1) {
            return 0;
        }
        Arrays.sort(values, 0, v);
        int k = 1;
        for (int x = 1; x < v; x++) {
            if (values[x] != values[k - 1]) {
                values[k++] = values[x];
            }
        }
        Arrays.fill(prev, 0, k, 0);
        boolean plain = values[k - 1] <= plainUpTo;
        for (int p = 0; p < order.length; p++) {
            long m = due[order[p]];
            long st = step[p];
            long so = solo[p];
            long best = Long.MAX_VALUE;
            for (int x = 0; x < k; x++) {
                // Z_p >= Z_{p-1}: the best predecessor among values up to this one.
                best = Math.min(best, prev[x]);
                long z = values[x];
                cur[x] = plain ? best + z * st + (m > z ? (m - z) * so : 0)
                        : Ticks.add(best, Ticks.add(Ticks.mul(z, st), m > z ? Ticks.mul(m - z, so) : 0));
            }
            System.arraycopy(cur, 0, prev, 0, k);
        }
        long min = Long.MAX_VALUE;
        for (int x = 0; x < k; x++) {
            min = Math.min(min, prev[x]);
        }
        return min;
    }
}
