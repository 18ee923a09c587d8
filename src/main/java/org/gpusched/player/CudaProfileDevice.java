package org.gpusched.player;

import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.Arrays;
import java.util.List;

/**
 * The GPU as {@code profile} sees it, through src/main/native/profile.cu: every kernel of a set
 * (a task, or one kernel of a chain; no copies run) is given its isolated wcet (a synthetic kernel spins that long; a user kernel receives
 * it as its duration argument), so what a sample adds to the longest wcet is the interference
 * of running together, plus launch and synchronisation costs. Untested on a GPU (docs/player.md).
 */
public final class CudaProfileDevice implements ProfileDevice {
    private final CudaDevice cuda;
    private final long[] wcetNs;
    /** A unit of another task than unit 0's (its own stream), or -1: the second kernel of {@link #runtime}. */
    private final int other;

    private CudaProfileDevice(CudaDevice cuda, long[] wcetNs, int other) {
        this.cuda = cuda;
        this.wcetNs = wcetNs;
        this.other = other;
    }

    /** Opens the GPU for {@code ts}'s kernels; see {@link CudaDevice#open}. */
    public static CudaProfileDevice open(TaskSet ts, int gpu, long tickNs) {
        // By unit (a chain's kernels each have their own): the indices the native layer was opened with.
        List<Unit> units = ts.units();
        long[] w = units.stream().mapToLong(u -> Math.multiplyExact(u.wcet(), tickNs)).toArray();
        // Kernels of one task share its stream, so the second kernel of the launch measurement is
        // another task's (two kernels of one chain would run one after the other).
        int other = units.stream().filter(u -> u.task() != units.get(0).task()).mapToInt(Unit::index).findFirst()
                .orElse(-1);
        CudaDevice cuda = CudaDevice.open(ts, gpu, tickNs);
        KindFloors.refuseBelowFloor(cuda, ts);
        return new CudaProfileDevice(cuda, w, other);
    }

    @Override
    public String name() {
        return cuda.name();
    }

    @Override
    public long scale() {
        return cuda.tickNs();
    }

    @Override
    public String unit() {
        return "ns";
    }

    @Override
    public long[] time(long mask, int[] order, int warmup, int runs) {
        return cuda.profile(order, Arrays.stream(order).mapToLong(k -> wcetNs[k]).toArray(), warmup, runs);
    }

    /**
     * The paper's way (submission to the return of the synchronise), on frames whose kernels are
     * asked for no time at all: one kernel gives the fixed cost plus one launch, two kernels one
     * launch more (the medians' difference: a per-kernel increment). The fixed part is written as
     * {@code submit}: these samples cannot tell it from the synchronise's return, and only their sum
     * enters a frame's length. A one-kernel frame's cost is the worst sample, as a wcet is: on an
     * H200 the median (11 us for one kernel) left 209 of player-calibration's 1,200 frames over their model.
     */
    @Override
    public RuntimeOverhead runtime(int warmup, int runs) {
        long[] one = cuda.profile(new int[] {0}, new long[] {0}, warmup, runs);
        if (other < 0) {
            return new RuntimeOverhead(0, max(one), 0, 0);
        }
        long[] two = cuda.profile(new int[] {0, other}, new long[] {0, 0}, warmup, runs);
        long launch = Math.max(0, median(two) - median(one));
        return new RuntimeOverhead(launch, Math.max(0, max(one) - launch), 0, 0);
    }

    private static long max(long[] samples) {
        return Arrays.stream(samples).max().orElse(0);
    }

    /** Wake-ups the jitter is measured over, and their spacing (frames 0.5 ms apart: 0.5 s in all). */
    static final int JITTER_WAKEUPS = 1000;
    static final long JITTER_PERIOD_NS = 500_000;

    @Override
    public long startJitter() {
        long[] r = NativePlayer.wakeSkew(JITTER_WAKEUPS, JITTER_PERIOD_NS);
        return WakeSkew.of(Arrays.copyOf(r, JITTER_WAKEUPS)).bound();
    }

    private static long median(long[] samples) {
        long[] s = samples.clone();
        Arrays.sort(s);
        return s.length == 0 ? 0 : s[s.length / 2];
    }

    @Override
    public void close() {
        cuda.close();
    }
}
