package org.gpusched.model;

/**
 * What the GPU runtime spends on one frame besides the kernels and copies themselves: the host
 * launches each kernel, the submission takes time to reach the first block, and the synchronise
 * returns some time after the last block ends. A frame of k kernels and m copies is then
 * {@code submit + sync + k * launch + m * copy} longer than its kernels and copies (docs/format.md,
 * "runtime"). Every cost is a time in the workload's unit, 0 when not stated, so a workload that
 * states none keeps exactly the model it had before.
 *
 * @param launch per kernel of the frame: the host's launch call
 * @param submit per frame: from the submission to the first block running
 * @param sync   per frame: from the last block's end to the return of the synchronise
 * @param copy   per copy (H2D or D2H) of the frame: the call that issues it
 */
public record RuntimeOverhead(long launch, long submit, long sync, long copy) {
    /** No overhead: the model of a workload that states none. */
    public static final RuntimeOverhead NONE = new RuntimeOverhead(0, 0, 0, 0);

    public RuntimeOverhead {
        if (launch < 0 || submit < 0 || sync < 0 || copy < 0) {
            throw new IllegalArgumentException("a runtime overhead is never negative");
        }
    }

    /** True when the runtime costs nothing (the default). */
    public boolean isZero() {
        return launch == 0 && submit == 0 && sync == 0 && copy == 0;
    }

    /**
     * The overhead of one frame of {@code kernels} kernels and {@code copies} copies; saturating,
     * so a huge stated cost reads as a miss, never as a wrapped negative time. Non-decreasing in
     * both counts, which is what keeps the frame length monotone in the set it runs.
     */
    public long frame(int kernels, int copies) {
        if (kernels == 0 && copies == 0) {
            return 0;
        }
        return Ticks.add(Ticks.add(submit, sync), Ticks.add(Ticks.mul(launch, kernels), Ticks.mul(copy, copies)));
    }
}
