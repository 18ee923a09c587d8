package org.gpusched.player;

/** Something that runs copy/execute batches: the simulated device or the GPU through JNI. */
public interface CopyDevice extends AutoCloseable {

    /** A short description for reports. */
    String name();

    /** Time unit of the results: ticks of the workload (simulated) or ns (GPU). */
    String unit();

    /** Device time units per workload tick (1 simulated; ns per tick on the GPU). */
    long scale();

    /** Runs one batch to completion: every operation issued as the batch's strategy says. */
    CopyBatch.Result run(CopyBatch batch);

    @Override
    default void close() { }
}
