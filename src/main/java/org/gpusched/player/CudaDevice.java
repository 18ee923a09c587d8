package org.gpusched.player;

import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;

/**
 * Plays a plan on a CUDA GPU through {@link NativePlayer}: one non-blocking stream per task, a
 * synthetic kernel of its kind (or the task's own kernel) per job with the kernel's launch shape (a
 * chain's kernels each their own, on their task's stream), and each frame's copies as real H2D and
 * D2H transfers of their stated times on two copy streams. Kernel times are the simulator's drawn
 * durations in ticks times {@code tickNs}, so a sim run and a GPU run of the same seed ask the same
 * of the device.
 */
public final class CudaDevice implements Device {
    /** Time between the end of set-up and the table's time 0, so the first entry is not late. */
    static final long LEAD_NS = 2_000_000L;

    private final long tickNs;
    private final String name;
    private long handle;

    private CudaDevice(long tickNs, long handle, String name) {
        this.tickNs = tickNs;
        this.handle = handle;
        this.name = name;
    }

    /**
     * Opens GPU {@code gpu} for the task set's kernels; throws {@link CudaException} when the
     * library, driver or device is missing or CUDA fails, {@link InputException}
     * for a bad kernel file or a chain with a kernel module.
     */
    public static CudaDevice open(TaskSet ts, int gpu, long tickNs) {
        NativeTable.Kernels k = NativeTable.kernels(ts, tickNs);
        NativePlayer.load();
        // open() first: it sets CUDA_DEVICE_MAX_CONNECTIONS, which only counts before the first CUDA call.
        long h = NativePlayer.open(gpu, k.unitTask(), k.blocks(), k.threads(), k.smem(), k.modules(), k.symbols(),
                k.kinds(), k.maxH2dNs(), k.maxD2hNs(), ts.units().stream().mapToLong(u -> Ticks.mul(u.wcet(), tickNs))
                        .toArray());
        if (h == 0) {
            throw new CudaException("cuda: could not open device " + gpu);
        }
        List<String> info = info(gpu);
        return new CudaDevice(tickNs, h, "cuda:" + gpu + " " + value(info, "name") + " (sm_"
                + value(info, "computeCapability").replace(".", "") + ")");
    }

    static String value(List<String> info, String key) {
        return info.stream().filter(kv -> kv.startsWith(key + "=")).map(kv -> kv.substring(key.length() + 1))
                .findFirst().orElse("?");
    }

    /** What the native layer sees: key=value lines; throws {@link CudaException} saying why not. */
    public static List<String> info(int gpu) {
        NativePlayer.load();
        return List.of(NativePlayer.deviceInfo(gpu));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Trace play(UnrolledTable plan, Mode mode, long[] durations) {
        NativeTable.Run run = NativeTable.run(plan, mode, durations, tickNs);
        long[] out = run.out();
        long[] align = NativePlayer.run(handle, LEAD_NS, run.target(), run.first(), run.unit(), run.kernelNs(),
                run.h2dNs(), run.d2hNs(), out);
        return NativeTable.trace(name, tickNs, run, out, notes(plan, out, align, run, run.entries(), run.items()));
    }

    /** Overheads the paper's runtime pays and the simulator does not: see docs/player.md. */
    private static List<String> notes(UnrolledTable plan, long[] out, long[] align, NativeTable.Run run, int n, int m) {
        long[] dur = run.kernelNs();
        LongSummaryStatistics kernel = new LongSummaryStatistics();
        LongSummaryStatistics copy = new LongSummaryStatistics();
        for (int i = 0; i < m; i++) {
            kernel.accept(out[4 * n + m + i] - out[4 * n + i] - dur[i]);
            for (int d = 0; d < 2; d++) {
                long stated = d == 0 ? run.h2dNs()[i] : run.d2hNs()[i];
                if (stated > 0) {
                    copy.accept(out[4 * n + (3 + 2 * d) * m + i] - out[4 * n + (2 + 2 * d) * m + i] - stated);
                }
            }
        }
        List<Long> skews = new ArrayList<>();
        LongSummaryStatistics launch = new LongSummaryStatistics();
        LongSummaryStatistics sync = new LongSummaryStatistics();
        LongSummaryStatistics firstBlock = new LongSummaryStatistics();
        for (int e = 0; e < n; e++) {
            long prevEnd = e == 0 ? Long.MIN_VALUE : out[2 * n + e - 1];
            if (prevEnd < out[3 * n + e]) {
                skews.add(out[e] - out[3 * n + e]);
            }
            launch.accept(out[n + e] - out[e]);
            long lastFinish = Long.MIN_VALUE;
            long firstStart = Long.MAX_VALUE;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                lastFinish = Math.max(lastFinish, out[4 * n + m + i]);
                firstStart = Math.min(firstStart, out[4 * n + i]);
            }
            sync.accept(out[2 * n + e] - lastFinish);
            firstBlock.accept(firstStart - out[e]);
        }
        List<String> notes = new ArrayList<>();
        notes.add("clock alignment: GPU timer mapped to the host clock within +-" + align[0] + " ns");
        notes.add("wake-up skew (start - planned, after a sleep): "
                + WakeSkew.of(skews.stream().mapToLong(Long::longValue).toArray()));
        if (align.length >= 6) {
            notes.add(WakeSkew.realtime(align[2], align[3], align[4], align[5]));
        }
        notes.add("launch time (first to last launch returned): " + per(launch, "batches"));
        notes.add("submission to first block start: " + per(firstBlock, "batches"));
        notes.add("job time error (measured - requested, GPU timer): " + per(kernel, "jobs"));
        notes.add("last block end to cudaDeviceSynchronize return: " + per(sync, "batches"));
        if (copy.getCount() > 0) {
            notes.add("copy time error (measured - stated, events): " + per(copy, "copies"));
        }
        return notes;
    }

    /** How each unit's kind was calibrated at open (layout: {@link NativePlayer#kinds}). */
    long[] kindCalibration() {
        return NativePlayer.kinds(handle);
    }

    long tickNs() {
        return tickNs;
    }

    /** Samples of one kernel set, ns from its first launch to the synchronisation's return (profile.cu). */
    long[] profile(int[] order, long[] durationNs, int warmup, int runs) {
        return NativePlayer.profile(handle, order, durationNs, warmup, runs);
    }

    /** Per run the host sample and each member's finish after the set's first block start (profile.cu). */
    long[] profileMembers(int[] order, long[] durationNs, int warmup, int runs) {
        return NativePlayer.profileMembers(handle, order, durationNs, warmup, runs);
    }

    @Override
    public void close() {
        if (handle != 0) {
            NativePlayer.close(handle);
            handle = 0;
        }
    }

    /** Mean (rounded toward 0) and maximum of a few nanosecond samples. */
    private static String per(LongSummaryStatistics s, String what) {
        return s.getCount() == 0 ? "n/a" : String.format(Locale.ROOT, "mean %d ns, max %d ns over %d %s",
                s.getSum() / s.getCount(), s.getMax(), s.getCount(), what);
    }
}
