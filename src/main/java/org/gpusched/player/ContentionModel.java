package org.gpusched.player;

import org.gpusched.model.KernelKind;

import java.util.Arrays;

/**
 * How the simulated device slows kernels of the built-in kinds that run together: the built-in
 * fluid model ({@link FluidContention}) or one fitted to a GPU's measurements ({@link FittedContention}).
 */
public interface ContentionModel {
    /** Whether a kernel of {@code kind} loads a shared resource (two such kernels together may slow). */
    boolean contends(KernelKind kind);

    /**
     * The ticks (rounded up, forgiving floating-point noise) until the last kernel finishes, all
     * started at 0; {@code work[i]} is kernel i's isolated time.
     */
    default long makespan(long[] work, KernelKind[] kinds) {
        double last = Arrays.stream(finishes(work, kinds)).max().orElse(0);
        return (long) Math.ceil(last - 1e-9);
    }

    /** When each kernel finishes (exact, not rounded), all started at 0: what {@code experiment interference} records per member. */
    double[] finishes(long[] work, KernelKind[] kinds);
}
