package org.gpusched.profile;

import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.ProfileDevice;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code gpusched profile}: every unit (a task, or one kernel of a format-2 chain) alone and every
 * set of units of distinct tasks that the oracle lets run together (block placement, {@code maxResidentKernels}, and a table model's {@code missing:
 * forbid}: a set the workload says never runs together is not timed), up to {@code maxSize}
 * tasks, timed {@code runs} times each on a {@link ProfileDevice} after {@code warmup} untimed runs.
 */
public final class Profiler {
    /** Most sets one profile times; beyond, the user narrows it with --max-set-size. */
    public static final int MAX_SETS = 100_000;

    /** Sets by size, then by task indices: the order of a profile's sets and of a measured model's entries. */
    static final Comparator<Long> SET_ORDER = Comparator.<Long>comparingInt(Long::bitCount)
            .thenComparing((a, b) -> Arrays.compare(Oracle.tasksOf(a), Oracle.tasksOf(b)));

    private Profiler() { }

    /** One set's samples, in the device's unit; {@code order} is the submission order used. */
    public record SetSamples(long mask, int[] order, long[] samples) {
        public SetSamples {
            order = order.clone();
            samples = samples.clone();
        }
    }

    /**
     * What a profile measured, sets by size then by task indices; {@code runtime} is the runtime's
     * per-frame cost the device measured, in the device's unit (part of every sample, since a
     * sample runs from the submission to the return of the synchronise). {@code startJitter}: how
     * late the host may start a frame (the worst wake-up seen, device unit; in no sample, so it is
     * added to the written runtime's submission, not taken off the samples).
     */
    public record Profile(TaskSet taskSet, String device, long scale, String unit, int warmup, int runs,
                          List<SetSamples> sets, RuntimeOverhead runtime, long startJitter) {
        public Profile {
            sets = List.copyOf(sets);
            runtime = runtime == null ? RuntimeOverhead.NONE : runtime;
        }
    }

    /**
     * The sets to profile, each as an eligible submission order: singletons first, then by size,
     * then by task indices. Refuses (exit 2, naming {@code --max-set-size}) more than {@link #MAX_SETS}.
     */
    public static List<int[]> sets(TaskSet ts, int maxSize) {
        Oracle oracle = new Oracle(ts);
        List<int[]> out = new ArrayList<>();
        int[] taskOf = ts.units().stream().mapToInt(Unit::task).toArray();
        grow(oracle, taskOf, 0, 0, 0, new long[4], Math.max(1, Math.min(maxSize, taskOf.length)), out);
        out.sort(Comparator.comparing(Oracle::maskOf, SET_ORDER));
        return out;
    }

    private static void grow(Oracle o, int[] taskOf, int from, long mask, int size, long[] sums, int maxSize,
                             List<int[]> out) {
        for (int t = from; t < taskOf.length; t++) {
            long[] with = sums.clone();
            o.addUsage(with, t);
            // Neither this set nor any superset can be resident at once (more kernels than the GPU holds,
            // or more blocks, warps, registers or shared memory): the sums only grow, so stop here.
            if (conflicts(o, taskOf, mask, t) || !o.mayFit(with, size + 1)) {
                continue;
            }
            long m = mask | 1L << t;
            var info = o.batch(m);
            if (info.eligible()) {
                if (out.size() >= MAX_SETS) {
                    throw new InputException(o.taskSet().source(), "tasks", "more than " + MAX_SETS
                            + " task sets can run together; profile fewer with --max-set-size");
                }
                out.add(info.order());
            }
            if (size + 1 < maxSize) {
                grow(o, taskOf, t + 1, m, size + 1, with, maxSize, out);
            }
        }
    }

    /**
     * True when unit t never runs with the set: too big together, or two kernels of one chain (a
     * chain's next kernel starts in a later frame, and one task's jobs never overlap).
     */
    private static boolean conflicts(Oracle o, int[] taskOf, long mask, int t) {
        return Arrays.stream(Oracle.tasksOf(mask)).anyMatch(u -> taskOf[u] == taskOf[t] || o.neverTogether(u, t));
    }

    /** The singles and pairs of {@code sets}: what {@code profile --pairs} times (n + n(n-1)/2 at most). */
    public static List<int[]> pairs(List<int[]> sets) {
        return sets.stream().filter(o -> o.length <= 2).toList();
    }

    /** Times every set of {@link #sets}; {@code step} runs after each set (the progress bar). */
    public static Profile run(TaskSet ts, ProfileDevice dev, List<int[]> sets, int warmup, int runs, Runnable step) {
        List<SetSamples> out = new ArrayList<>(sets.size());
        for (int[] order : sets) {
            long mask = Oracle.maskOf(order);
            out.add(new SetSamples(mask, order, dev.time(mask, order, warmup, runs)));
            step.run();
        }
        return new Profile(ts, dev.name(), dev.scale(), dev.unit(), warmup, runs, out, dev.runtime(warmup, runs),
                dev.startJitter());
    }
}
