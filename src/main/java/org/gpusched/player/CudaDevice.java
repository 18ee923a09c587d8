package org.gpusched.player;

import org.gpusched.input.InputException;
import org.gpusched.input.KernelModules;
import org.gpusched.model.Kernel;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Plays a plan on a CUDA GPU through {@link NativePlayer}: one non-blocking stream per task, a
 * synthetic spin kernel (or the task's own kernel) per job with the task's launch shape. Job
 * times are the simulator's drawn durations in ticks times {@code tickNs}, so a sim run and a GPU
 * run of the same seed ask the same of the device.
 */
public final class CudaDevice implements Device {
    /** Time between the end of set-up and the table's time 0, so the first entry is not late. */
    static final long LEAD_NS = 2_000_000L;
    /** A task without a kernel description gets one warp in one block. */
    static final Kernel DEFAULT_KERNEL = new Kernel(1, 32, 0, 0, null, null);

    private final int gpu;
    private final long tickNs;
    private final String name;
    private long handle;

    private CudaDevice(int gpu, long tickNs, long handle, String name) {
        this.gpu = gpu;
        this.tickNs = tickNs;
        this.handle = handle;
        this.name = name;
    }

    /**
     * Opens GPU {@code gpu} for the task set's kernels; throws {@link CudaException} when the
     * library, driver or device is missing or CUDA fails, {@link InputException} for a bad kernel file.
     */
    public static CudaDevice open(TaskSet ts, int gpu, long tickNs) {
        for (Task t : ts.tasks()) {
            if (t.kernels() > 1) {
                // The native player launches one kernel shape per stream; chains play on the simulated device.
                throw new InputException(ts.source(), "tasks[" + t.index() + "]", "a chain of " + t.kernels()
                        + " kernels: the CUDA player launches one kernel per task; play chains with --device sim"
                        + " (docs/player.md)");
            }
        }
        NativePlayer.load();
        int n = ts.size();
        int[] blocks = new int[n];
        int[] threads = new int[n];
        int[] smem = new int[n];
        String[] modules = new String[n];
        String[] symbols = new String[n];
        int[] kinds = new int[n];
        for (Task t : ts.tasks()) {
            Kernel k = t.kernel() == null ? DEFAULT_KERNEL : t.kernel();
            kinds[t.index()] = k.kind().ordinal();
            blocks[t.index()] = k.blocks();
            threads[t.index()] = k.threadsPerBlock();
            if (k.sharedMemoryPerBlock() > Integer.MAX_VALUE) {
                throw new InputException(ts.source(), "tasks[" + t.index() + "].kernel.sharedMemoryPerBlock",
                        "too large for a CUDA launch");
            }
            smem[t.index()] = (int) k.sharedMemoryPerBlock();
            if (k.module() != null && (k.symbol() == null || k.symbol().isBlank())) {
                throw new InputException(ts.source(), "tasks[" + t.index() + "].kernel.symbol",
                        "a kernel module needs the extern \"C\" symbol of the kernel to launch");
            }
            if (k.module() != null) {
                modules[t.index()] = module(ts, t);
                symbols[t.index()] = k.symbol();
            }
        }
        // open() first: it sets CUDA_DEVICE_MAX_CONNECTIONS, which only counts before the first CUDA call.
        long h = NativePlayer.open(gpu, blocks, threads, smem, modules, symbols, kinds);
        if (h == 0) {
            throw new CudaException("cuda: could not open device " + gpu);
        }
        String[] info = NativePlayer.deviceInfo(gpu);
        return new CudaDevice(gpu, tickNs, h, "cuda:" + gpu + " " + value(info, "name") + " (sm_"
                + value(info, "computeCapability").replace(".", "") + ")");
    }

    /** The task set was read with its modules checked and hashed; only the path is wanted here. */
    private static String module(TaskSet ts, Task t) {
        return KernelModules.resolve(ts.source(), t, true).toString();
    }

    static String value(String[] info, String key) {
        for (String kv : info) {
            if (kv.startsWith(key + "=")) {
                return kv.substring(key.length() + 1);
            }
        }
        return "?";
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
    public Trace play(Plan plan, Mode mode, long[] durations) {
        int n = plan.entries();
        int m = plan.items();
        long[] target = mode == Mode.TIME_TRIGGERED ? plan.plannedStartArray() : plan.latestReleaseArray();
        long[] dur = new long[m];
        for (int e = 0; e < n; e++) {
            target[e] = Math.multiplyExact(target[e], tickNs);
        }
        for (int i = 0; i < m; i++) {
            dur[i] = Math.multiplyExact(durations[i], tickNs);
        }
        long[] out = new long[4 * n + 2 * m];
        long[] align = NativePlayer.run(handle, LEAD_NS, target, plan.firstArray(), plan.taskArray(), dur, out);
        long[] es = slice(out, 0, n);
        long[] ee = slice(out, 2 * n, n);
        long[] is = slice(out, 4 * n, m);
        long[] ifin = slice(out, 4 * n + m, m);
        return new Trace(name, tickNs, "ns", es, ee, is, ifin, notes(plan, out, align, dur, n, m));
    }

    /** Overheads the paper's runtime pays and the simulator does not: see docs/player.md. */
    private static List<String> notes(Plan plan, long[] out, long[] align, long[] dur, int n, int m) {
        Stat skew = new Stat();
        Stat launch = new Stat();
        Stat sync = new Stat();
        Stat firstBlock = new Stat();
        Stat kernel = new Stat();
        for (int i = 0; i < m; i++) {
            kernel.add(out[4 * n + m + i] - out[4 * n + i] - dur[i]);
        }
        for (int e = 0; e < n; e++) {
            long prevEnd = e == 0 ? Long.MIN_VALUE : out[2 * n + e - 1];
            if (prevEnd < out[3 * n + e]) {
                skew.add(out[e] - out[3 * n + e]);
            }
            launch.add(out[n + e] - out[e]);
            long lastFinish = Long.MIN_VALUE;
            long firstStart = Long.MAX_VALUE;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                lastFinish = Math.max(lastFinish, out[4 * n + m + i]);
                firstStart = Math.min(firstStart, out[4 * n + i]);
            }
            sync.add(out[2 * n + e] - lastFinish);
            firstBlock.add(firstStart - out[e]);
        }
        List<String> notes = new ArrayList<>();
        notes.add("clock alignment: GPU timer mapped to the host clock within +-" + align[0] + " ns");
        notes.add("wake-up skew (start - planned, after a sleep): " + skew);
        notes.add("launch time (first to last launch returned): " + launch);
        notes.add("submission to first block start: " + firstBlock);
        notes.add("job time error (measured - requested, GPU timer): " + kernel.per("jobs"));
        notes.add("last block end to cudaDeviceSynchronize return: " + sync);
        return notes;
    }

    private static long[] slice(long[] a, int from, int len) {
        long[] r = new long[len];
        System.arraycopy(a, from, r, 0, len);
        return r;
    }

    long tickNs() {
        return tickNs;
    }

    /** Samples of one kernel set, ns from its first launch to the synchronisation's return (profile.cu). */
    long[] profile(int[] order, long[] durationNs, int warmup, int runs) {
        return NativePlayer.profile(handle, order, durationNs, warmup, runs);
    }

    @Override
    public void close() {
        if (handle != 0) {
            NativePlayer.close(handle);
            handle = 0;
        }
    }

    @Override
    public String toString() {
        return "CudaDevice[" + gpu + "]";
    }

    /** Mean and maximum of a few nanosecond samples. */
    private static final class Stat {
        private long count;
        private long sum;
        private long max = Long.MIN_VALUE;

        void add(long v) {
            count++;
            sum += v;
            max = Math.max(max, v);
        }

        String per(String what) {
            return count == 0 ? "n/a" : String.format(Locale.ROOT, "mean %d ns, max %d ns over %d %s",
                    sum / count, max, count, what);
        }

        @Override
        public String toString() {
            return per("batches");
        }
    }
}
