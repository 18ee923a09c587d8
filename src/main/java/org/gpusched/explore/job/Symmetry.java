package org.gpusched.explore.job;

import org.gpusched.model.Interference;
import org.gpusched.model.Stage;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.math.BigDecimal;
import java.util.*;
import java.util.stream.IntStream;

/**
 * Classes of interchangeable tasks: equal period, relative deadline, offset, jitter and chain
 * (every kernel's wcet, launch shape and copies, stage by stage), equal slowdown factors, and an
 * interference table that a swap of the two tasks' kernels leaves unchanged. Swapping two tasks of
 * a class maps every PBS state to one with the same future (docs/explorer.md, "Symmetric tasks"),
 * so the explorer keys a state by its canonical form: within each class the counts sorted, largest
 * on the lowest task index. Immutable; shared by the engines of one analysis.
 */
public final class Symmetry {
    private static final Symmetry NO_CLASSES = new Symmetry(new int[0][]);

    /** Each class: two or more task indices, ascending. */
    private final int[][] classes;

    private Symmetry(int[][] classes) {
        this.classes = classes;
    }

    static Symmetry of(TaskSet ts, JobModel jm, Learning.Mutation mutation) {
        List<List<Integer>> groups = new ArrayList<>();
        for (int i = 0; i < ts.size(); i++) {
            List<Integer> home = null;
            for (List<Integer> g : groups) {
                if (interchangeable(ts, jm, g.get(0), i, mutation)) {
                    home = g;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                groups.add(home);
            }
            home.add(i);
        }
        int[][] cls = groups.stream().filter(g -> g.size() > 1)
                .map(g -> g.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
        return cls.length == 0 ? NO_CLASSES : new Symmetry(cls);
    }

    /** Whether some tasks are interchangeable (otherwise every canonical form is the state itself). */
    public boolean any() {
        return classes.length > 0;
    }

    /**
     * Sorts the counts of every class in place (non-increasing along the class's task indices)
     * and returns the state hash of the result, given the hash of the counts before and the
     * per-(task, count) keys the hash XORs (a task with count c contributes keys 0..c-1).
     */
    public long canonicalise(int[] counts, long hash, long[][] jobKey) {
        for (int[] cls : classes) {
            for (int a = 1; a < cls.length; a++) {
                // Insertion sort: classes are small and the counts of a successor are nearly sorted.
                int c = counts[cls[a]];
                int b = a - 1;
                while (b >= 0 && counts[cls[b]] < c) {
                    b--;
                }
                if (b == a - 1) {
                    continue;
                }
                for (int k = a; k > b + 1; k--) {
                    hash ^= range(jobKey[cls[k]], counts[cls[k]], counts[cls[k - 1]]);
                    counts[cls[k]] = counts[cls[k - 1]];
                }
                hash ^= range(jobKey[cls[b + 1]], counts[cls[b + 1]], c);
                counts[cls[b + 1]] = c;
            }
        }
        return hash;
    }

    /** XOR of keys[from..to) or keys[to..from): what moving a task's count from one value to the other changes. */
    private static long range(long[] keys, int from, int to) {
        long h = 0;
        for (int k = Math.min(from, to); k < Math.max(from, to); k++) {
            h ^= keys[k];
        }
        return h;
    }

    /**
     * For a real state's counts, which real task stands in each task slot of its canonical form:
     * within a class the real tasks ordered by count (most first, then index), identity elsewhere.
     * Tasks of one class with equal counts are interchangeable, so any such choice names real jobs
     * with the same future.
     */
    public int[] realOf(int[] realCounts) {
        int[] map = IntStream.range(0, realCounts.length).toArray();
        for (int[] cls : classes) {
            Integer[] order = Arrays.stream(cls).boxed().toArray(Integer[]::new);
            Arrays.sort(order, (x, y) -> realCounts[x] != realCounts[y]
                    ? Integer.compare(realCounts[y], realCounts[x]) : Integer.compare(x, y));
            for (int k = 0; k < cls.length; k++) {
                map[cls[k]] = order[k];
            }
        }
        return map;
    }

    /** A unit mask with every kernel moved from task slot i to task map[i] (same stage). */
    public static long moveUnits(long mask, int[] map, JobModel jm) {
        long out = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            int u = Long.numberOfTrailingZeros(b);
            int i = jm.taskOf[u];
            out |= 1L << (jm.firstUnit[map[i]] + u - jm.firstUnit[i]);
        }
        return out;
    }

    public static int[] inverse(int[] map) {
        int[] inv = new int[map.length];
        for (int i = 0; i < map.length; i++) {
            inv[map[i]] = i;
        }
        return inv;
    }

    private static boolean interchangeable(TaskSet ts, JobModel jm, int i, int j, Learning.Mutation mutation) {
        Task a = ts.task(i);
        Task b = ts.task(j);
        if (a.period() != b.period() || a.deadline() != b.deadline() && mutation != Learning.Mutation.SYMMETRY_IGNORES_DEADLINE
                || a.offset() != b.offset() || a.jitter() != b.jitter() || a.kernels() != b.kernels()) {
            return false;
        }
        int ua = jm.firstUnit[i];
        int ub = jm.firstUnit[j];
        Interference inter = ts.interference();
        for (int s = 0; s < a.kernels(); s++) {
            Stage x = a.chain().get(s);
            Stage y = b.chain().get(s);
            if (x.wcet() != y.wcet() && mutation != Learning.Mutation.SYMMETRY_IGNORES_WCET || !Objects.equals(x.kernel(), y.kernel()) || x.h2d() != y.h2d()
                    || x.d2h() != y.d2h() || !factor(inter, ua + s).equals(factor(inter, ub + s))) {
                return false;
            }
        }
        return tableSymmetric(inter, ua, ub, a.kernels());
    }

    private static BigDecimal factor(Interference inter, int unit) {
        return unit < inter.factors().size() ? inter.factors().get(unit).stripTrailingZeros() : BigDecimal.ONE;
    }

    /** Whether swapping the kernels of two chains (units ua+s and ub+s) maps the table onto itself. */
    private static boolean tableSymmetric(Interference inter, int ua, int ub, int stages) {
        if (inter.model() != Interference.Model.TABLE) {
            return true;
        }
        for (Map.Entry<Long, Long> e : inter.table().entrySet()) {
            long m = e.getKey();
            long swapped = m;
            for (int s = 0; s < stages; s++) {
                if ((m >>> (ua + s) & 1) != (m >>> (ub + s) & 1)) {
                    swapped ^= 1L << (ua + s) | 1L << (ub + s);
                }
            }
            if (!e.getValue().equals(inter.table().get(swapped))) {
                return false;
            }
        }
        return true;
    }
}
