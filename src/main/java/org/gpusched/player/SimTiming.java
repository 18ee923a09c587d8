package org.gpusched.player;

import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * How long a batch really takes on the simulated device. By default that is the played task set's
 * own interference model (the simulator then agrees with the analysis by construction). With
 * {@code --sim-timing FILE} it is another task set with the same task names, whose wcets,
 * interference model and GPU stand for the hardware: the analysis may then be optimistic or
 * pessimistic about the device, which is what {@code profile}, the replay comparison and
 * {@code loop} exist to find out, and what lets them be tested without a GPU (docs/player.md).
 *
 * @param truth  the task set whose model is the device's timing
 * @param toTruth for each unit (kernel; a v1 set's task) of the played set, its index in {@code truth}'s units
 */
public record SimTiming(TaskSet truth, int[] toTruth, boolean own, ContentionModel contention) {

    public SimTiming {
        toTruth = toTruth.clone();
    }

    /** This timing under another contention model. */
    public SimTiming with(ContentionModel c) {
        return new SimTiming(truth, toTruth, own, c);
    }

    /** The played set's own model: the simulator of plain {@code play}. */
    public static SimTiming own(TaskSet played) {
        return new SimTiming(played, IntStream.range(0, played.units().size()).toArray(), true,
                FluidContention.DEFAULT);
    }

    /**
     * {@code truth} as the device's timing for {@code played}; refused (one line naming the truth
     * file) unless both name the same tasks: a timing model of another workload says nothing here.
     */
    public static SimTiming of(TaskSet played, TaskSet truth) {
        // By unit: a task, or task.kernel for each kernel of a chain (the sets a table's frames run).
        Map<String, Integer> byName = truth.units().stream()
                .collect(Collectors.toMap(Unit::name, Unit::index, (a, b) -> b));
        int[] map = new int[played.units().size()];
        List<String> missing = new ArrayList<>();
        for (Unit u : played.units()) {
            Integer j = byName.get(u.name());
            if (j == null) {
                missing.add(u.name());
            } else {
                map[u.index()] = j;
            }
        }
        if (!missing.isEmpty() || truth.size() != played.size() || truth.units().size() != played.units().size()) {
            throw new InputException(truth.source(), "tasks", "the simulated device's timing model is not of "
                    + played.displayName() + ": " + (missing.isEmpty() ? truth.size() + " tasks, not "
                    + played.size() : "no task " + String.join(", ", missing)) + " (the timing file must name"
                    + " exactly the workload's tasks)");
        }
        return new SimTiming(truth, map, false, FluidContention.DEFAULT);
    }

    /** A short device name for reports. */
    public String deviceName() {
        List<String> about = new ArrayList<>();
        if (!own) {
            about.add("timing " + truth.displayName());
        }
        if (contention instanceof FittedContention f) {
            about.add("fitted to " + f.name());
        }
        return about.isEmpty() ? "sim" : "sim (" + String.join(", ", about) + ")";
    }

    /** The device's completion time of the played set {@code mask} (bit i = played unit i; a v1 set's task i). */
    public long completion(long mask) {
        long m = inTruth(mask);
        long c = new CompletionModel(truth).completion(m);
        if (c == CompletionModel.FORBIDDEN) {
            throw new InputException(truth.source(), "interference", "the simulated device's timing model has no"
                    + " completion time for " + names(mask) + " (missing = forbid): it cannot run that batch");
        }
        return Math.max(c, contended(m));
    }

    /**
     * {@link #completion} less what the set's copies add to it (their times and the runtime's cost of
     * issuing them): the frame of the kernels alone, as {@code profile} times a set on either device.
     */
    public long kernelFrame(long mask) {
        return Math.max(1, Ticks.sub(completion(mask), new CompletionModel(truth).copies(inTruth(mask))));
    }

    /** The played set {@code mask} as a set of the truth's units. */
    private long inTruth(long mask) {
        return truthUnits(mask).mapToLong(j -> 1L << j).reduce(0, (a, b) -> a | b);
    }

    /** The truth's index of each unit of the played set {@code mask}, in played order. */
    private IntStream truthUnits(long mask) {
        return LongStream.iterate(mask, b -> b != 0, b -> b & (b - 1))
                .mapToInt(b -> toTruth[Long.numberOfTrailingZeros(b)]);
    }

    /**
     * The contention model's time of the truth's set {@code m}, plus its copies, when two or more of
     * its kernels load a shared resource (else 0): the workload's own model stays the floor, contention can only add.
     */
    private long contended(long m) {
        int n = Long.bitCount(m);
        long[] work = new long[n];
        KernelKind[] kinds = new KernelKind[n];
        int loaded = 0;
        int i = 0;
        long copies = 0;
        for (long b = m; b != 0; b &= b - 1, i++) {
            Unit u = truth.units().get(Long.numberOfTrailingZeros(b));
            work[i] = u.wcet();
            kinds[i] = u.kernel() == null ? KernelKind.SPIN : u.kernel().kind();
            loaded += contention.contends(kinds[i]) ? 1 : 0;
            copies = Ticks.add(copies, u.copies());
        }
        // The frame's copies run before and after its kernels and the runtime's cost comes on top
        // (C(S) counts both the same way).
        return loaded < 2 ? 0 : Ticks.add(Ticks.add(
                contention.makespan(work, kinds), copies), new CompletionModel(truth).overhead(m));
    }

    /** The device's completion time of each entry of {@code plan}. */
    public long[] completions(UnrolledTable plan) {
        long[] c = new long[plan.entries()];
        Map<Long, Long> memo = new HashMap<>();
        for (int e = 0; e < plan.entries(); e++) {
            c[e] = memo.computeIfAbsent(plan.mask(e), this::completion);
        }
        return c;
    }

    private String names(long mask) {
        return truthUnits(mask).mapToObj(j -> truth.units().get(j).name()).collect(Collectors.joining(", ", "{", "}"));
    }
}
