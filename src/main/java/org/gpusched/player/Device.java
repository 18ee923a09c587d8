package org.gpusched.player;

/** Something that plays a plan: the discrete-event simulator or the GPU through JNI. */
public interface Device extends AutoCloseable {

    /** A short description for reports ("sim", "cuda:0 NVIDIA ..."). */
    String name();

    /**
     * Plays every entry of {@code plan} in {@code mode}; {@code durations} gives each item's
     * execution time in ticks (see {@link ExecTime#durations}).
     */
    Trace play(UnrolledTable plan, Mode mode, long[] durations);

    @Override
    default void close() { }
}
