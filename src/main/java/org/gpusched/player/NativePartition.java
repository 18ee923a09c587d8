package org.gpusched.player;

/**
 * The JNI surface of src/main/native/partition.cu: a partition plan on the GPU through CUDA green
 * contexts (CUDA 12.4+), one per partition with its SM count rounded up to the device's granularity.
 * Its natives ran on an H100 through a C++ harness (docs/partitioning.md), never yet from the JVM; a
 * driver without green contexts is refused with {@code CUDA_ERROR_NOT_SUPPORTED}.
 */
public final class NativePartition {
    private NativePartition() { }

    /**
     * Plays jobs sorted by release (ns from the start): job j on partition part[j] with its launch shape,
     * spinning dur[j] ns on the stream of lane[j] (lanes are numbered 0.. in order of first
     * use; each lane's jobs run in order, lanes co-run). Returns start and finish of each job (ns from the start), then the SMs granted
     * per partition.
     */
    public static long[] play(int device, int[] sms, int[] part, int[] lane, int[] blocks, int[] threads,
                              long[] release, long[] dur) {
        NativePlayer.load();
        return playNative(device, sms, part, lane, blocks, threads, release, dur);
    }

    /** A driver or device that cannot make green contexts, rather than a failure while playing. */
    public static boolean unsupported(CudaException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        return e.unavailable() || m.startsWith("CUDA_ERROR_NOT_SUPPORTED") || m.startsWith("cannot load")
                || m.startsWith("native library not built");
    }

    private static native long[] playNative(int device, int[] sms, int[] part, int[] lane, int[] blocks,
                                            int[] threads, long[] release, long[] dur);
}
