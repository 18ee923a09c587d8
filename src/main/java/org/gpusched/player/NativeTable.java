package org.gpusched.player;

import org.gpusched.input.KernelModules;
import org.gpusched.model.*;

import java.util.Arrays;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;

/**
 * What the native table player (src/main/native/gpusched_player.cu) is given and gives back, as
 * primitive arrays: the kernels of a task set, one per unit (a task's kernel, or each kernel of its
 * chain) with the stream of its task, and the copy sizes to open for; an unrolled plan; and the
 * played times read back into a {@link Trace}. Plain Java, so the encoding is tested without a GPU.
 */
final class NativeTable {
    /** A task without a kernel description gets one warp in one block. */
    static final Kernel DEFAULT_KERNEL = new Kernel(1, 32, 0, 0, null, null);

    private NativeTable() { }

    /**
     * Per unit: its task (stream), launch shape, user module and symbol (null: synthetic), kind
     * ordinal; the longest H2D and D2H copy of any kernel in ns (the copy buffers' size).
     */
    record Kernels(int[] unitTask, int[] blocks, int[] threads, int[] smem, String[] modules, String[] symbols,
                   int[] kinds, long maxH2dNs, long maxD2hNs) { }

    static Kernels kernels(TaskSet ts, long tickNs) {
        int n = ts.units().size();
        int[] unitTask = new int[n];
        int[] blocks = new int[n];
        int[] threads = new int[n];
        int[] smem = new int[n];
        String[] modules = new String[n];
        String[] symbols = new String[n];
        int[] kinds = new int[n];
        long maxH2d = 0;
        long maxD2h = 0;
        for (Unit u : ts.units()) {
            Task t = ts.task(u.task());
            int i = u.index();
            String where = "tasks[" + t.index() + "].kernel";
            Kernel k = u.kernel() == null ? DEFAULT_KERNEL : u.kernel();
            unitTask[i] = t.index();
            kinds[i] = k.kind().ordinal();
            blocks[i] = k.blocks();
            threads[i] = k.threadsPerBlock();
            if (k.sharedMemoryPerBlock() > Integer.MAX_VALUE) {
                throw new InputException(ts.source(), where + ".sharedMemoryPerBlock", "too large for a CUDA launch");
            }
            smem[i] = (int) k.sharedMemoryPerBlock();
            if (k.module() != null) {
                if (t.kernels() > 1) {
                    // Modules are bound to the task set's hash per task; a chain's kernels are synthetic.
                    throw new InputException(ts.source(), where + ".module", "a kernel module in a chain of "
                            + t.kernels() + " kernels: the CUDA player plays chains of synthetic kernels only");
                }
                if (k.symbol() == null || k.symbol().isBlank()) {
                    throw new InputException(ts.source(), where + ".symbol",
                            "a kernel module needs the extern \"C\" symbol of the kernel to launch");
                }
                modules[i] = KernelModules.resolve(ts.source(), t, true).toString();
                symbols[i] = k.symbol();
            }
            var stage = t.chain().get(u.stage());
            maxH2d = Math.max(maxH2d, Math.multiplyExact(stage.h2d(), tickNs));
            maxD2h = Math.max(maxD2h, Math.multiplyExact(stage.d2h(), tickNs));
        }
        return new Kernels(unitTask, blocks, threads, smem, modules, symbols, kinds, maxH2d, maxD2h);
    }

    /**
     * One unrolled plan in ns: per entry the host time it may start (planned start, or latest
     * release in reclaim mode) and its first item; per item its unit, the kernel's time and its
     * copies' stated times.
     */
    record Run(long[] target, int[] first, int[] unit, long[] kernelNs, long[] h2dNs, long[] d2hNs) {
        int entries() { return target.length; }
        int items() { return unit.length; }
        /** The native player's output layout (see gpusched_player.cu): 4 per entry, 6 per item. */
        long[] out() { return new long[4 * entries() + 6 * items()]; }
    }

    static Run run(UnrolledTable plan, Mode mode, long[] durations, long tickNs) {
        int n = plan.entries();
        int m = plan.items();
        return new Run(ns(n, e -> mode == Mode.TIME_TRIGGERED ? plan.plannedStart(e) : plan.latestRelease(e), tickNs),
                IntStream.rangeClosed(0, n).map(plan::first).toArray(), IntStream.range(0, m).map(plan::unit).toArray(),
                ns(m, i -> durations[i], tickNs), ns(m, plan::h2d, tickNs), ns(m, plan::d2h, tickNs));
    }

    /** {@code ticks} of indices 0 .. count-1 in ns; a time too long for a long is refused, never wrapped. */
    private static long[] ns(int count, IntToLongFunction ticks, long tickNs) {
        return IntStream.range(0, count).mapToLong(i -> Math.multiplyExact(ticks.applyAsLong(i), tickNs)).toArray();
    }

    /** The played times of {@code out} (layout of {@link Run#out()}) as a trace in ns. */
    static Trace trace(String device, long tickNs, Run run, long[] out, java.util.List<String> notes) {
        int n = run.entries();
        int m = run.items();
        Trace.Copies copies = new Trace.Copies(slice(out, 4 * n + 2 * m, m), slice(out, 4 * n + 3 * m, m),
                slice(out, 4 * n + 4 * m, m), slice(out, 4 * n + 5 * m, m));
        return new Trace(device, tickNs, "ns", slice(out, 0, n), slice(out, 2 * n, n), slice(out, 4 * n, m),
                slice(out, 4 * n + m, m), run.kernelNs().clone(), copies, notes);
    }

    static long[] slice(long[] a, int from, int len) {
        return Arrays.copyOfRange(a, from, from + len);
    }
}
