package org.gpusched.explore.bound;

import org.gpusched.explore.job.JobModel;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The jobs of each task due by each deadline of the hyperperiod, tabulated once per analysis so
 * that the per-state demand bound reads a count instead of dividing: the deadlines of the
 * hyperperiod, sorted and distinct, the index of each job's deadline among them, and per
 * (deadline index, task) how many of the task's jobs have a deadline at or before it. Only the
 * counts of completed kernels depend on the state; this part never does. Immutable after
 * construction (it may be shared by engines on different threads).
 */
public final class DueTable {
    /** Above this many cells the table is not built and the counts are computed by division. */
    public static final int MAX_CELLS = 1 << 20;

    private final int n;
    /** Distinct absolute deadlines of the hyperperiod, ascending. */
    public final long[] deadlines;
    /** Per task and job: the index of its deadline in {@link #deadlines}. */
    private final int[][] index;
    /** Per deadline index x and task i at {@code x * n + i}: jobs of i due by deadlines[x]. */
    private final int[] dueBy;

    private DueTable(int n, long[] deadlines, int[][] index, int[] dueBy) {
        this.n = n;
        this.deadlines = deadlines;
        this.index = index;
        this.dueBy = dueBy;
    }

    /** The table of a job model, or null when it would exceed {@code maxCells}. */
    public static DueTable of(JobModel jm, int[] jobs, int maxCells) {
        int n = jm.n;
        if (Arrays.stream(jobs).asLongStream().sum() * n > maxCells) {
            return null;
        }
        long[] deadlines = IntStream.range(0, n).boxed()
                .flatMapToLong(i -> IntStream.range(0, jobs[i]).mapToLong(k -> jm.deadline(i, k))).sorted().distinct()
                .toArray();
        int distinct = deadlines.length;
        int[][] index = new int[n][];
        int[] dueBy = new int[distinct * n];
        for (int i = 0; i < n; i++) {
            index[i] = new int[jobs[i]];
            int x = 0;
            for (int k = 0; k < jobs[i]; k++) {
                // A task's deadlines ascend, so one pointer walks the sorted list once per task.
                long d = jm.deadline(i, k);
                while (deadlines[x] < d) {
                    x++;
                }
                index[i][k] = x;
            }
            int k = 0;
            for (int y = 0; y < distinct; y++) {
                while (k < jobs[i] && index[i][k] <= y) {
                    k++;
                }
                dueBy[y * n + i] = k;
            }
        }
        return new DueTable(n, deadlines, index, dueBy);
    }

    /** The index of job k of task i's deadline. */
    public int indexOf(int i, int k) {
        return index[i][k];
    }

    /** Jobs of task i due by the deadline of index x. */
    public int due(int x, int i) {
        return dueBy[x * n + i];
    }

    /** The index of the latest deadline at or before d, or -1 when none is. */
    public int floor(long d) {
        int x = Arrays.binarySearch(deadlines, d);
        return x >= 0 ? x : -x - 2;
    }
}
