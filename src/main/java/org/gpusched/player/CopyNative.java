package org.gpusched.player;

/** The JNI surface of src/main/native/copies.cu (loaded with the player's library, {@link NativePlayer#load()}). */
final class CopyNative {
    private CopyNative() { }

    /** Context, three streams and pinned/device buffers per task, events; 0 after a throw. */
    static native long open(int device, int[] blocks, int[] threads, int[] sharedMemory, long inBytes, long outBytes);

    /** Measured {H2D, D2H} bandwidth in bytes per microsecond. */
    static native double[] bandwidth(long handle);

    /**
     * Runs one batch (strategy ordinal, jobs in priority order) at {@code startNs} after the origin;
     * {@code out} (12 longs): per job slot and operation the start and stop in ns, -1 when not issued.
     */
    static native void runBatch(long handle, int strategy, int[] tasks, long[] h2dBytes, long[] kernelNs,
                                long[] d2hBytes, boolean concurrent, long startNs, long[] out);

    static native void close(long handle);
}
