package org.gpusched.rta;

import java.util.*;
import java.util.stream.IntStream;

/**
 * The driver of the GCAPS family (gcaps-rta.md): orders the tasks, iterates each task's
 * response-time equation to its least fixed point in decreasing GPU priority (so that the R_h its
 * jitter terms need are known), and, under {@link GpuPriorityMode#AUDSLEY}, searches GPU priorities
 * lowest first when the given ones fail.
 */
public final class ResponseTimeAnalysis {
    private ResponseTimeAnalysis() { }

    public static RtaResult analyze(RtaWorkload w, RtaMethod m, GpuPriorityMode mode, Variant v) {
        return analyze(w, m, mode, v, () -> { });
    }

    /**
     * As {@link #analyze(RtaWorkload, RtaMethod, GpuPriorityMode, Variant)}, running {@code check}
     * (a budget's time check, which may throw to end the analysis) on every fixed-point iteration.
     */
    public static RtaResult analyze(RtaWorkload w, RtaMethod m, GpuPriorityMode mode, Variant v, Runnable check) {
        return analyze(w, m, mode, v, check, true);
    }

    static RtaResult analyze(RtaWorkload w, RtaMethod m, GpuPriorityMode mode, Variant v, Runnable check,
                             boolean shortcut) {
        ResponseEquation a = ResponseEquation.of(m);
        int[] order = givenOrder(w);
        Pass first = pass(w, a, v, order, check, shortcut, new boolean[w.tasks().size()]);
        if (first.schedulable() || mode == GpuPriorityMode.CPU || !m.gcaps()) {
            return build(w, m, v, mode, order, first.r(), false);
        }
        RtaResult found = audsley(w, a, m, v, mode, first, check, shortcut);
        return found != null ? found : build(w, m, v, mode, order, first.r(), true);
    }

    /**
     * The GPU order the workload gives: real-time tasks by gpuPriority (higher first, ties by input
     * index), then the best-effort ones the same way, since best-effort tasks rank lowest.
     */
    static int[] givenOrder(RtaWorkload w) {
        List<RtaTask> ts = w.tasks();
        return IntStream.range(0, ts.size()).boxed()
                .sorted(Comparator.<Integer>comparingInt(i -> ts.get(i).bestEffort() ? 1 : 0)
                        .thenComparing(i -> ts.get(i).gpuPriority(), Comparator.reverseOrder())
                        .thenComparing(i -> i))
                .mapToInt(Integer::intValue).toArray();
    }

    /** rank[i]: the position of task i in {@code order}. */
    static int[] ranks(int[] order) {
        int[] rank = new int[order.length];
        for (int r = 0; r < order.length; r++) {
            rank[order[r]] = r;
        }
        return rank;
    }

    /** Task i's least fixed point from {@code start}, or -1 when the iteration passes {@code limit}. */
    private static long fix(AnalysisState x, ResponseEquation a, int i, long start, long limit) {
        if (x.shortcut && x.variant != Variant.ARTIFACT && Saturation.above(x, i) != null) {
            // No fixed point exists (Saturation): conclude at once rather than iterate up to D.
            return -1;
        }
        return x.fixedPoint(start, limit, r -> a.rhs(x, i, r));
    }

    private static long limit(AnalysisState x, int i) {
        // The artifact assumes D = T and tests R > T.
        return x.variant == Variant.ARTIFACT ? x.t[i] : x.d[i];
    }

    /** One analysis of every task under a fixed GPU order. r[i] < 0: unbounded; analysed[i]: reached. */
    private record Pass(long[] r, boolean[] analysed, boolean schedulable) { }

    /** late: the tasks known to have no bound within their period (AnalysisState.late). */
    private static Pass pass(RtaWorkload w, ResponseEquation a, Variant v, int[] order, Runnable check,
                             boolean shortcut, boolean[] late) {
        AnalysisState x = new AnalysisState(w, v, ranks(order), check, shortcut);
        System.arraycopy(late, 0, x.late, 0, x.n);
        int n = x.n;
        long[] r = new long[n];
        boolean[] analysed = new boolean[n];
        boolean[] found = late.clone();
        Arrays.fill(r, -1);
        boolean ok = true;
        for (int i : order) {
            boolean be = x.tasks.get(i).bestEffort();
            if (!ok && v == Variant.ARTIFACT && !be) {
                continue; // the artifact stops at the first failing task
            }
            analysed[i] = true;
            long f = fix(x, a, i, a.own(x, i), limit(x, i));
            if (f < 0 && x.safe() && a.countsLowerJobs()) {
                // Past D, a bound within T_i still lets the tasks above count τi's jobs per period.
                found[i] |= fix(x, a, i, a.own(x, i), x.t[i]) < 0;
            }
            if (f >= 0) {
                r[i] = x.known(i, f);
            } else if (!be) {
                ok = false;
            }
        }
        // The tasks above a task first found late here counted its jobs as if each ended within its
        // period: analyse again, knowing (bounds only grow, so this ends).
        return Arrays.equals(found, late) ? new Pass(r, analysed, ok)
                : pass(w, a, v, order, check, shortcut, found);
    }

    private static RtaResult build(RtaWorkload w, RtaMethod m, Variant v, GpuPriorityMode mode, int[] order,
                                   long[] r, boolean audsleyUsed) {
        List<TaskBound> bounds = IntStream.range(0, w.tasks().size()).mapToObj(i -> {
            RtaTask t = w.tasks().get(i);
            OptionalLong rt = r[i] >= 0 ? OptionalLong.of(r[i]) : OptionalLong.empty();
            return new TaskBound(t.name(), rt, t.bestEffort() || rt.isPresent(), t.bestEffort());
        }).toList();
        List<String> names = Arrays.stream(order).mapToObj(i -> w.tasks().get(i).name()).toList();
        return new RtaResult(m, v, mode, bounds.stream().allMatch(TaskBound::schedulable), bounds, names, audsleyUsed);
    }

    /**
     * Audsley's assignment, lowest GPU priority first: candidates in the given order from its lowest;
     * a candidate must be the lowest unassigned task of its core (else GPU and CPU orders differ on a
     * core: deadlock); it takes the slot if it passes with every unassigned task above it, their R_h
     * being D_h (paper) or the first pass's leftovers for Jg and T_h for Jc (artifact). Returns the
     * result with the order found, or null when some slot takes no task.
     */
    private static RtaResult audsley(RtaWorkload w, ResponseEquation a, RtaMethod m, Variant v, GpuPriorityMode mode,
                                     Pass first, Runnable check, boolean shortcut) {
        int[] given = givenOrder(w);
        AnalysisState x = new AnalysisState(w, v, ranks(given), check, shortcut);
        List<Integer> rt = Arrays.stream(given).filter(i -> !w.tasks().get(i).bestEffort()).boxed().toList();
        List<Integer> be = Arrays.stream(given).filter(i -> w.tasks().get(i).bestEffort()).boxed().toList();
        int k = rt.size();
        boolean[] assigned = new boolean[x.n];
        int[] slots = new int[k];
        long[] r = new long[x.n];
        Arrays.fill(r, -1);
        for (int slot = k - 1; slot >= 0; slot--) {
            boolean placed = false;
            for (int ci = k - 1; ci >= 0 && !placed; ci--) {
                int c = rt.get(ci);
                // The artifact takes any candidate that passes and checks the cores' orders at the end.
                if (assigned[c] || v != Variant.ARTIFACT && !lowestOnCore(x, rt, assigned, c)) {
                    continue;
                }
                int next = 0;
                for (int h : rt) {
                    if (!assigned[h] && h != c) {
                        x.gpuRank[h] = next++;
                        x.rCpu[h] = v == Variant.ARTIFACT ? x.t[h] : x.d[h];
                        x.rGpu[h] = v == Variant.ARTIFACT ? leftover(first, h) : x.d[h];
                        x.rRemote[h] = v == Variant.ARTIFACT ? x.t[h] : AnalysisState.SAME;
                    }
                }
                // The tasks in the slots below keep the ranks they took there, and the best-effort ones
                // their given ranks k, k + 1, … (the given order puts them last).
                x.gpuRank[c] = slot;
                long f = fix(x, a, c, v == Variant.ARTIFACT ? 0 : a.own(x, c), limit(x, c));
                if (f >= 0) {
                    assigned[c] = true;
                    slots[slot] = c;
                    r[c] = f;
                    placed = true;
                }
            }
            if (!placed) {
                return null;
            }
        }
        if (v == Variant.ARTIFACT && inverted(x, slots)) {
            return null;
        }
        for (int c : slots) {
            x.known(c, r[c]);
        }
        int[] order = IntStream.concat(Arrays.stream(slots), be.stream().mapToInt(Integer::intValue)).toArray();
        for (int i : be) {
            long f = fix(x, a, i, a.own(x, i), limit(x, i));
            if (f >= 0) {
                r[i] = x.known(i, f);
            }
        }
        return build(w, m, v, mode, order, r, true);
    }

    /** The WR the artifact's failed first pass leaves: the bound, -1 where it failed, 0 where it never got. */
    private static long leftover(Pass first, int h) {
        return first.r()[h] >= 0 ? first.r()[h] : first.analysed()[h] ? -1 : 0;
    }

    /** Some core whose tasks the GPU order {@code slots} (highest first) ranks unlike the CPU order. */
    private static boolean inverted(AnalysisState x, int[] slots) {
        return IntStream.range(0, slots.length).anyMatch(a -> IntStream.range(a + 1, slots.length)
                .anyMatch(b -> x.sameCore(slots[a], slots[b]) && x.cpuHigher(slots[b], slots[a])));
    }

    private static boolean lowestOnCore(AnalysisState x, List<Integer> rt, boolean[] assigned, int c) {
        return rt.stream().noneMatch(h -> h != c && !assigned[h] && x.sameCore(h, c) && x.cpuHigher(c, h));
    }
}
