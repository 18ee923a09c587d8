package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;
import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Necessary conditions from demand, proved in docs/explorer.md ("Demand bounds"):
 * every job not yet run whose deadline is at most D must run in frames that lie inside [t, D], so
 * the least total frame length those jobs need, need(D), must fit: t + need(D) <= D. Two lower
 * bounds on need(D), the largest counts (a third, the slowed staircase, in {@link SlowedStaircase}):
 * <ul>
 * <li><b>staircase over cliques</b>: a frame runs at most one job per task and lasts at least as
 * long as its longest job, and tasks of a clique (pairwise never together in one frame) need one
 * frame per job. Sorting tasks by wcet, at least M(x) frames last x or longer, where M(x) is the
 * largest number of due jobs of one clique among the tasks of wcet at least x;</li>
 * <li><b>area</b>: in one resource dimension with capacity K, a frame of two or more kernels
 * holds kernels whose usage sums to at most K and lasts at least each one's slowed time s_i;
 * a lone kernel lasts C_i. So each job fills at most L of "area" min(C_i K, u_i s_i) / K per frame
 * of length L, and the due jobs' area is a lower bound on their frames' total length.</li>
 * </ul>
 * The per-state check looks at the next two deadlines of each task; the global check before any
 * search at every deadline of the hyperperiod. Scratch arrays make one instance single-threaded.
 */
public final class DemandBound {
    private final JobModel jm;
    /** Units (kernels) by wcet, longest first; the clique of each (a partition into pairwise-exclusive sets). */
    private final int[] byLen;
    private final int[] cliqueOf;
    private final long[] cliqueSum;
    /** Area per kernel in units of 1/capacity, or null when no dimension applies or it could overflow. */
    private final long[] area;
    private final long capacity;
    /** Jobs of each task in the hyperperiod. */
    private final int[] jobs;
    /** The staircase that charges parallel frames their slowdown, or null when no kernel slows down. */
    private final SlowedStaircase slowedStairs;
    /** Jobs due by each deadline of the hyperperiod, or null when too large to tabulate. */
    private final DueTable table;
    /** The mutation check's unsound variant: the table read one deadline late. */
    private final int lookLate;
    private final long[] dueOf;
    /** Per unit, for the state being checked: jobs whose kernel of this unit is done. */
    private final long[] doneOf;
    /**
     * Scratch for the per-state check: deadlines looked at (indices into the table, or the
     * deadlines themselves without one), and the most the slowed staircase could give at each.
     */
    private final long[] candidates;
    private final long[] atBest;

    public DemandBound(TaskSet ts, Oracle oracle, JobModel jm, LiveBound.Mutation mutation) {
        this(ts, oracle, jm, mutation, DueTable.MAX_CELLS);
    }

    /** @param maxCells the largest due table built (the tests compare with and without one) */
    public DemandBound(TaskSet ts, Oracle oracle, JobModel jm, LiveBound.Mutation mutation, int maxCells) {
        this.jm = jm;
        int n = jm.units;
        jobs = new int[jm.n];
        for (int i = 0; i < jm.n; i++) {
            jobs[i] = jm.items[i] / jm.chain[i];
        }
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(order, (a, b) -> jm.wcet[a] != jm.wcet[b] ? Long.compare(jm.wcet[b], jm.wcet[a])
                : Integer.compare(a, b));
        byLen = new int[n];
        cliqueOf = new int[n];
        int cliques = 0;
        int[][] members = new int[n][n];
        int[] sizes = new int[n];
        for (int k = 0; k < n; k++) {
            int unit = order[k];
            byLen[k] = unit;
            int c = 0;
            // Greedy clique partition: the first clique whose every member can never share a frame
            // with this kernel (kernels of one task never do: one kernel per task per frame).
            for (; c < cliques; c++) {
                boolean all = true;
                for (int m = 0; m < sizes[c] && all; m++) {
                    int other = members[c][m];
                    all = mutation == LiveBound.Mutation.ONE_CLIQUE || jm.taskOf[unit] == jm.taskOf[other]
                            || oracle.neverTogether(unit, other);
                }
                if (all) {
                    break;
                }
            }
            if (c == cliques) {
                cliques++;
            }
            members[c][sizes[c]++] = unit;
            cliqueOf[unit] = c;
        }
        cliqueSum = new long[n];
        long cap = 0;
        long[] best = null;
        double bestTotal = 0;
        List<Unit> units = ts.units();
        long[] slow = units.stream().mapToLong(u -> slowed(ts, u)).toArray();
        for (long[] dim : dimensions(ts, units, mutation)) {
            long k = dim[n];
            long[] a = new long[n];
            double total = 0;
            boolean fits = true;
            for (int u = 0; u < n; u++) {
                a[u] = Math.min(Ticks.mul(jm.wcet[u], k), Ticks.mul(dim[u], slow[u]));
                total += (double) a[u] * jobs[jm.taskOf[u]] / k;
                fits &= a[u] < (1L << 36) && jobs[jm.taskOf[u]] < (1 << 20);
            }
            // 64 kernels of up to 2^20 jobs of areas below 2^36 cannot overflow; otherwise leave this dimension out.
            if (fits && total > bestTotal) {
                best = a;
                cap = k;
                bestTotal = total;
            }
        }
        area = best;
        capacity = cap;
        slowedStairs = SlowedStaircase.matters(jm.wcet, slow)
                ? new SlowedStaircase(jm.wcet, slow, mutation == LiveBound.Mutation.SLOWED_SOLO) : null;
        table = DueTable.of(jm, jobs, maxCells);
        lookLate = mutation == LiveBound.Mutation.DUE_ONE_LATE ? 1 : 0;
        dueOf = new long[n];
        doneOf = new long[n];
        candidates = new long[2 * jm.n];
        atBest = new long[2 * jm.n];
    }

    /** The time of a kernel in a frame of two or more (the interference model's best case). */
    private static long slowed(TaskSet ts, Unit u) {
        Interference inter = ts.interference();
        // A table lists any completion at or above the largest wcet of its set: the wcet is all we know.
        return inter.model() == Interference.Model.SLOWDOWN
                ? CompletionModel.slow(u.wcet(), inter.factors().get(u.index())) : u.wcet();
    }

    /**
     * Per-task usage in each resource dimension that limits a frame of two or more kernels, with
     * the capacity in the last slot: blocks, warps, registers, shared memory (when placement is
     * simulated: a set over the summed capacity is never eligible) and resident kernels.
     */
    private static List<long[]> dimensions(TaskSet ts, List<Unit> units, LiveBound.Mutation mutation) {
        Gpu gpu = ts.gpu();
        int n = units.size();
        List<long[]> dims = new ArrayList<>();
        if (gpu.maxResidentKernels() != Gpu.UNLIMITED && gpu.maxResidentKernels() < (1L << 20)) {
            long[] d = new long[n + 1];
            Arrays.fill(d, 1);
            d[n] = gpu.maxResidentKernels();
            dims.add(d);
        }
        if (gpu.limitsPlacement()) {
            long[] perSm = {gpu.maxBlocksPerSm(), gpu.warpSlotsPerSm(), gpu.registersPerSm(), gpu.sharedMemoryPerSm()};
            for (int r = 0; r < perSm.length; r++) {
                if (perSm[r] == Gpu.UNLIMITED || Math.multiplyHigh(perSm[r], gpu.sms()) != 0
                        || perSm[r] * gpu.sms() >= (1L << 20)) {
                    continue;
                }
                long[] d = new long[n + 1];
                for (int i = 0; i < n; i++) {
                    Kernel k = units.get(i).kernel();
                    if (k != null) {
                        BlockUsage u = BlockUsage.of(k, gpu);
                        long per = switch (r) {
                            case 0 -> 1;
                            case 1 -> u.warps();
                            case 2 -> u.registers();
                            default -> u.sharedMemory();
                        };
                        d[i] = Ticks.mul(k.blocks(), per);
                    }
                }
                d[n] = perSm[r] * gpu.sms();
                if (mutation == LiveBound.Mutation.HALF_GPU) {
                    d[n] = Math.max(1, d[n] / 2);
                }
                dims.add(d);
            }
        }
        return dims;
    }

    /** The latest start at which the jobs due by each of the next two deadlines of every task still fit. */
    long latestStart(int[] counts) {
        return latestStart(counts, Long.MAX_VALUE);
    }

    /** As {@link #latestStart(int[])}, looking only at deadlines up to {@code until}. */
    long latestStart(int[] counts, long until) {
        // The next two deadlines of every task; tasks of equal periods share them (the paper's
        // periods come from a short list), so each distinct deadline is looked at once.
        done(counts);
        int q = 0;
        for (int i = 0; i < jm.n; i++) {
            int job = jm.job(i, counts[i]);
            for (int k = job; k < Math.min(jobs[i], job + 2); k++) {
                candidates[q++] = table != null ? table.indexOf(i, k) : jm.deadline(i, k);
            }
        }
        Arrays.sort(candidates, 0, q);
        long limit = Long.MAX_VALUE;
        int distinct = 0;
        for (int x = 0; x < q; x++) {
            long key = candidates[x];
            if (x > 0 && key == candidates[x - 1]) {
                continue;
            }
            long d = deadlineOf(key);
            if (d > until) {
                continue;
            }
            limit = Math.min(limit, Ticks.sub(d, cheapNeed(key)));
            if (slowedStairs != null) {
                // The slowed staircase never exceeds this, so it cannot lower the limit below it.
                atBest[distinct] = Ticks.sub(d, slowedStairs.upper(dueOf));
            }
            candidates[distinct++] = key;
        }
        // The dynamic program only where it could lower the limit (it costs O(n) times the cheap rules).
        for (int x = 0; slowedStairs != null && x < distinct; x++) {
            if (atBest[x] < limit) {
                cheapNeed(candidates[x]);
                limit = Math.min(limit, Ticks.sub(deadlineOf(candidates[x]), slowedStairs.need(dueOf)));
            }
        }
        return limit;
    }

    /**
     * A deadline D of the hyperperiod (all are scanned) by which the jobs due cannot fit from
     * {@code start}, or -1 when there is none: the global demand check before any search.
     */
    long firstOverload(long start) {
        int[] zero = new int[jm.n];
        for (int i = 0; i < jm.n; i++) {
            for (int k = 0; k < jobs[i]; k++) {
                long d = jm.deadline(i, k);
                if (Ticks.add(start, need(zero, d)) > d) {
                    return d;
                }
            }
        }
        return -1;
    }

    /** A lower bound on the total length of the frames that run every kernel of the jobs due by {@code d}. */
    public long need(int[] counts, long d) {
        done(counts);
        long key = table != null ? table.floor(d) : d;
        long need = cheapNeed(key);
        return slowedStairs == null ? need : Math.max(need, slowedStairs.need(dueOf));
    }

    private long deadlineOf(long key) {
        return table != null ? table.deadlines[(int) key] : key;
    }

    /** Fills {@link #doneOf}: per unit (one stage of its task's chain), the jobs whose kernel there is done. */
    private void done(int[] counts) {
        for (int u = 0; u < doneOf.length; u++) {
            int i = jm.taskOf[u];
            int stage = u - jm.firstUnit[i];
            int k = jm.chain[i];
            // Jobs j whose kernel at this stage is done: those with j * K + stage < count.
            doneOf[u] = k == 1 ? counts[i] : counts[i] > stage ? (counts[i] - stage + k - 1) / k : 0;
        }
    }

    /**
     * The staircase and area bounds of {@link #need} at a deadline (an index into the table, or
     * the deadline itself without one); leaves the kernels due per unit in {@code dueOf}.
     */
    private long cheapNeed(long key) {
        Arrays.fill(cliqueSum, 0);
        long stair = 0;
        long most = 0;
        long areaSum = 0;
        for (int k = 0; k < byLen.length; k++) {
            int u = byLen[k];
            long due = Math.max(0, dueBy(jm.taskOf[u], key) - doneOf[u]);
            dueOf[u] = due;
            if (due > 0) {
                most = Math.max(most, cliqueSum[cliqueOf[u]] += due);
                if (area != null) {
                    areaSum += due * area[u];
                }
            }
            long next = k + 1 < byLen.length ? jm.wcet[byLen[k + 1]] : 0;
            stair = Ticks.add(stair, Ticks.mul(jm.wcet[u] - next, most));
        }
        return area == null ? stair : Math.max(stair, areaSum / capacity + (areaSum % capacity == 0 ? 0 : 1));
    }

    /** Jobs of task i due by a deadline (see {@link #cheapNeed} for the key). */
    private long dueBy(int i, long key) {
        if (table != null) {
            return key < 0 ? 0 : table.due(Math.min((int) key + lookLate, table.deadlines.length - 1), i);
        }
        long first = jm.deadline(i, 0);
        // Deadlines of a task are one period apart.
        return key < first ? 0 : Math.min(jobs[i], (key - first) / jm.period[i] + 1);
    }

    /** Per task, the jobs this bound counts as due by d (what {@link DemandCheck} recounts). */
    long[] dueJobs(long d) {
        long key = table != null ? table.floor(d) : d;
        long[] due = new long[jm.n];
        for (int i = 0; i < jm.n; i++) {
            due[i] = dueBy(i, key);
        }
        return due;
    }

    /** Why the jobs due by d cannot fit from start (the global check's reason, one line). */
    String explain(long d, long start) {
        return "the jobs due by " + d + " need frames of at least " + need(new int[jm.n], d)
                + " in all (one kernel per task per frame, kernels that never share a frame one after another, "
                + "the GPU's capacity, the slowdown of parallel frames), more than the " + (d - start)
                + " available from " + start;
    }
}
