package org.gpusched.player;

import org.gpusched.copyexec.OperationKind;
import org.gpusched.model.Kernel;
import org.gpusched.model.Segment;
import org.gpusched.model.WorkTask;
import org.gpusched.model.Workload;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Copy/execute batches on a CUDA GPU through {@link CopyNative}: pinned host buffers,
 * cudaMemcpyAsync per direction on per-task copy streams, the task's synthetic spin kernel (its
 * launch shape) on its kernel stream, events for every start and stop. A copy of t ns moves
 * t × the measured bandwidth of its direction. The GPU uses its own copy engines, whatever
 * {@code platform.copyEngines} says (docs/copy-execute.md; run once on an H100 there).
 */
public final class CudaCopyDevice implements CopyDevice {
    /** Batches start this long after the native origin, so that calibration is over before time 0. */
    static final long LEAD_NS = 50_000_000L;
    /** Largest pinned buffer per task and direction. */
    static final long MAX_BUFFER = 256L << 20;
    /** Upper bound of a host link's bandwidth used to size the buffers (bytes per ns). */
    static final long SIZING_BYTES_PER_NS = 64;

    private final long tickNs;
    private final String name;
    private final double[] bytesPerNs;
    private final long[] buffer;
    private long handle;

    private CudaCopyDevice(long tickNs, long handle, String name, double[] bytesPerNs, long[] buffer) {
        this.tickNs = tickNs;
        this.handle = handle;
        this.name = name;
        this.bytesPerNs = bytesPerNs;
        this.buffer = buffer;
    }

    /** Opens GPU {@code gpu} for the workload's kernels and copies; throws {@link CudaException}. */
    public static CudaCopyDevice open(Workload w, int gpu, long tickNs) {
        NativePlayer.load();
        int n = w.size();
        int[] blocks = new int[n];
        int[] threads = new int[n];
        int[] smem = new int[n];
        long maxIn = 1;
        long maxOut = 1;
        for (WorkTask t : w.tasks()) {
            Kernel k = Objects.requireNonNullElse(PartitionSim.kernel(t), NativeTable.DEFAULT_KERNEL);
            blocks[t.index()] = k.blocks();
            threads[t.index()] = k.threadsPerBlock();
            smem[t.index()] = (int) Math.min(Integer.MAX_VALUE, k.sharedMemoryPerBlock());
            for (Segment s : t.segments()) {
                if (s instanceof Segment.Copy c) {
                    long bytes = Math.min(MAX_BUFFER, Math.multiplyHigh(c.time(), tickNs) != 0 ? MAX_BUFFER
                            : c.time() * tickNs * SIZING_BYTES_PER_NS);
                    if (c.to() == Segment.Direction.DEVICE) {
                        maxIn = Math.max(maxIn, bytes);
                    } else {
                        maxOut = Math.max(maxOut, bytes);
                    }
                }
            }
        }
        long h = CopyNative.open(gpu, blocks, threads, smem, maxIn, maxOut);
        if (h == 0) {
            throw new CudaException("cuda: could not open device " + gpu);
        }
        double[] bw = CopyNative.bandwidth(h);
        List<String> info = CudaDevice.info(gpu);
        String name = String.format(Locale.ROOT, "cuda:%d %s (H2D %.1f GB/s, D2H %.1f GB/s measured)", gpu,
                CudaDevice.value(info, "name"), bw[0] / 1000, bw[1] / 1000);
        return new CudaCopyDevice(tickNs, h, name, new double[] {bw[0] / 1000, bw[1] / 1000}, new long[] {maxIn, maxOut});
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String unit() {
        return "ns";
    }

    @Override
    public long scale() {
        return tickNs;
    }

    @Override
    public CopyBatch.Result run(CopyBatch b) {
        int n = b.size();
        long[] h2d = new long[n];
        long[] kernel = new long[n];
        long[] d2h = new long[n];
        for (int j = 0; j < n; j++) {
            h2d[j] = bytes(b.time(j, OperationKind.H2D), 0);
            kernel[j] = b.time(j, OperationKind.KERNEL);
            d2h[j] = bytes(b.time(j, OperationKind.D2H), 1);
        }
        long[] out = new long[12];
        CopyNative.runBatch(handle, b.strategy().ordinal(), b.tasks(), h2d, kernel, d2h, b.concurrent(),
                b.start() + LEAD_NS, out);
        long[][] start = new long[n][3];
        long[][] end = new long[n][3];
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < 3; k++) {
                start[j][k] = out[j * 6 + k * 2] < 0 ? -1 : out[j * 6 + k * 2] - LEAD_NS;
                end[j][k] = out[j * 6 + k * 2 + 1] < 0 ? -1 : out[j * 6 + k * 2 + 1] - LEAD_NS;
            }
        }
        return new CopyBatch.Result(start, end);
    }

    /** Bytes a copy of {@code ns} moves at the measured bandwidth, within the buffers. */
    private long bytes(long ns, int dir) {
        if (ns == 0) {
            return 0;
        }
        // A copy longer than the buffer moves the whole buffer (the report's times show it).
        return Math.max(1, Math.min(buffer[dir], (long) (ns * bytesPerNs[dir])));
    }

    @Override
    public void close() {
        if (handle != 0) {
            CopyNative.close(handle);
            handle = 0;
        }
    }
}
