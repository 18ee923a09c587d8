package org.gpusched.explore;

import org.gpusched.model.Ticks;

import java.util.Arrays;

/**
 * A lower bound on the total length of the frames that run given numbers of kernels per unit,
 * charging what a parallel frame costs under the slowdown model (proof in docs/explorer.md,
 * "Slowed staircase" and "Mixed staircase"). A frame of one kernel lasts its wcet C_u; a frame of
 * two or more lasts at least the largest slowed time s_u = ceil(C_u f_u) of its kernels. With the
 * units sorted by s, largest first, a schedule is relaxed to Z_p "parallel" frames of which the
 * one headed at position k costs s_k and may cover every position from k on, plus lone frames for
 * what they leave: the least cost, minimised over non-decreasing Z, is
 * Σ_p Z_p (s_p − s_{p+1}) + C_p max(0, m_p − Z_p), solved exactly by a dynamic program over the
 * breakpoints {0} ∪ {m_p} (a separable piecewise-linear convex objective under an order
 * constraint has an optimum on its breakpoints). The mixed variant charges a parallel frame
 * λ s_head + (1 − λ) times the area of the due kernels it covers, so each covered kernel also
 * costs (1 − λ) a_p: the same program with one more linear term. Costs are exact integers in
 * units of 1 / {@code scale}. Scratch arrays make an instance single-threaded.
 */
final class SlowedStaircase {
    /** Units by slowed time, longest first (ties by index). */
    private final int[] order;
    /** Per position, scaled: the lone frame's length, λ (s_p − s_{p+1}), and (1 − λ) a_p. */
    private final long[] solo;
    private final long[] step;
    private final long[] cover;
    /** Per position: Σ of step from it on (what one parallel frame headed there costs). */
    private final long[] headCost;
    private final long scale;
    private final long[] values;
    private final long[] prev;
    private final long[] cur;

    /**
     * @param wcet   per unit, a lone frame's length
     * @param slowed per unit, a lower bound on its time in a frame of two or more (at least its wcet)
     * @param broken the mutation check's unsound variant: a lone frame charged its slowed time
     */
    SlowedStaircase(long[] wcet, long[] slowed, boolean broken) {
        this(wcet, slowed, new long[wcet.length], 1, 1, 1, broken);
    }

    /**
     * The mixed staircase with weight λ = num / den on the slowed heads and 1 − λ on the area.
     *
     * @param area     per unit, its area in units of 1 / capacity (a frame of two or more lasts at
     *                 least the summed areas of its kernels)
     * @param capacity the area's unit
     */
    SlowedStaircase(long[] wcet, long[] slowed, long[] area, long capacity, long num, long den, boolean broken) {
        int n = wcet.length;
        Integer[] byS = new Integer[n];
        for (int u = 0; u < n; u++) {
            byS[u] = u;
        }
        Arrays.sort(byS, (a, b) -> slowed[a] != slowed[b] ? Long.compare(slowed[b], slowed[a]) : Integer.compare(a, b));
        order = new int[n];
        solo = new long[n];
        step = new long[n];
        cover = new long[n];
        headCost = new long[n + 1];
        scale = Ticks.mul(capacity, den);
        for (int p = 0; p < n; p++) {
            int u = byS[p];
            order[p] = u;
            solo[p] = Ticks.mul(scale, broken ? slowed[u] : wcet[u]);
            step[p] = Ticks.mul(Ticks.mul(capacity, num), slowed[u] - (p + 1 < n ? slowed[byS[p + 1]] : 0));
            cover[p] = Ticks.mul(den - num, area[u]);
        }
        for (int p = n - 1; p >= 0; p--) {
            headCost[p] = Ticks.add(headCost[p + 1], step[p]);
        }
        values = new long[n + 1];
        prev = new long[n + 1];
        cur = new long[n + 1];
    }

    /** True when some unit runs slower in parallel than alone: otherwise the plain staircase is as strong. */
    static boolean matters(long[] wcet, long[] slowed) {
        for (int u = 0; u < wcet.length; u++) {
            if (slowed[u] > wcet[u]) {
                return true;
            }
        }
        return false;
    }

    /**
     * An upper bound on {@link #need}: the cost of two feasible relaxed schedules, every kernel in
     * a lone frame (Σ m C) or max m parallel frames headed at the slowest due unit.
     */
    long upper(long[] due) {
        long serial = 0;
        long most = 0;
        long covered = 0;
        int head = -1;
        for (int p = 0; p < order.length; p++) {
            long m = due[order[p]];
            if (m > 0) {
                serial = Ticks.add(serial, Ticks.mul(m, solo[p]));
                most = Math.max(most, m);
                covered = Ticks.add(covered, Ticks.mul(m, cover[p]));
                head = head < 0 ? p : head;
            }
        }
        return head < 0 ? 0 : ceil(Math.min(serial, Ticks.add(Ticks.mul(most, headCost[head]), covered)));
    }

    /** The least total frame length that runs {@code due[u]} kernels of each unit u (saturating). */
    long need(long[] due) {
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
        for (int p = 0; p < order.length; p++) {
            long m = due[order[p]];
            long best = Long.MAX_VALUE;
            for (int x = 0; x < k; x++) {
                // Z_p >= Z_{p-1}: the best predecessor among values up to this one.
                best = Math.min(best, prev[x]);
                long z = values[x];
                long c = Ticks.add(Ticks.mul(z, step[p]), m > z ? Ticks.mul(m - z, solo[p]) : 0);
                if (m > 0) {
                    c = Ticks.add(c, Ticks.mul(Math.min(m, z), cover[p]));
                }
                cur[x] = Ticks.add(best, c);
            }
            System.arraycopy(cur, 0, prev, 0, k);
        }
        long min = Long.MAX_VALUE;
        for (int x = 0; x < k; x++) {
            min = Math.min(min, prev[x]);
        }
        return ceil(min);
    }

    /** A scaled cost in ticks, rounded up (a saturated cost stays saturated). */
    private long ceil(long scaled) {
        return scale == 1 || scaled == Long.MAX_VALUE ? scaled : scaled / scale + (scaled % scale == 0 ? 0 : 1);
    }
}
