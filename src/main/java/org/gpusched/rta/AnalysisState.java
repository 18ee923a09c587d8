package org.gpusched.rta;

import java.util.Arrays;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;

/**
 * What every analysis needs about one workload under one GPU priority order: per-task sums,
 * priority relations and the response times known so far. The driver mutates {@code gpuRank},
 * {@code rCpu} and {@code rGpu}; one AnalysisState serves one analysis run on one thread.
 */
final class AnalysisState {
    final List<RtaTask> tasks;
    final int n;
    final long[] c;
    final long[] gm;
    final long[] ge;
    final long[] g;
    final long[] t;
    final long[] d;
    final int[] eta;
    final long slice;
    final long theta;
    final long eps;
    final Variant variant;
    /** Position in the GPU priority order (0 = highest). */
    final int[] gpuRank;
    /** R_h used for CPU-side jitter (Jc), INF when unknown. */
    final long[] rCpu;
    /** R_h used for GPU-side jitter (Jg), INF when unknown. */
    final long[] rGpu;
    /**
     * R_h for Jg where τh is a remote (other-core) task of higher GPU priority; {@link #SAME} (the
     * default): rGpu. Only the artifact's Audsley search differs: it uses T_h there but the first
     * pass's WR_h for the local Jg.
     */
    final long[] rRemote;
    static final long SAME = Long.MIN_VALUE;
    /** late[l]: task l has no bound within its period, as the previous pass found (SAFE, MPCP). */
    final boolean[] late;
    /** The artifact's sorted index of each task (its global priority position), for its lp-set slip. */
    final int[] artifactIndex;
    /** A budget's time check, run on every iteration of every fixed point; it may throw to end the analysis. */
    final Runnable check;

    /** Whether a saturated core is concluded at once (Saturation); off only to test the shortcut against the iteration. */
    final boolean shortcut;

    AnalysisState(RtaWorkload w, Variant variant, int[] gpuRank, Runnable check, boolean shortcut) {
        this.check = check;
        this.shortcut = shortcut;
        this.tasks = w.tasks();
        this.n = tasks.size();
        this.variant = variant;
        this.slice = w.platform().timeslice();
        this.theta = w.platform().contextSwitch();
        this.eps = w.platform().epsilon();
        c = tasks.stream().mapToLong(RtaTask::cpuTotal).toArray();
        gm = tasks.stream().mapToLong(RtaTask::miscTotal).toArray();
        ge = tasks.stream().mapToLong(RtaTask::execTotal).toArray();
        g = IntStream.range(0, n).mapToLong(i -> gm[i] + ge[i]).toArray();
        t = tasks.stream().mapToLong(RtaTask::period).toArray();
        d = tasks.stream().mapToLong(RtaTask::deadline).toArray();
        eta = tasks.stream().mapToInt(RtaTask::gpuSegments).toArray();
        this.gpuRank = gpuRank.clone();
        this.artifactIndex = gpuRank.clone();
        rCpu = new long[n];
        rGpu = new long[n];
        Arrays.fill(rCpu, SaturatingTime.INF);
        Arrays.fill(rGpu, SaturatingTime.INF);
        late = new boolean[n];
        rRemote = new long[n];
        Arrays.fill(rRemote, SAME);
    }

    /** Task i's response time is now known to be {@code r} (for the jitters of the tasks below it); returns r. */
    long known(int i, long r) {
        rCpu[i] = r;
        rGpu[i] = r;
        return r;
    }

    /** The SAFE variant: the paper plus the corrections of docs/rta.md. */
    boolean safe() {
        return variant == Variant.SAFE;
    }

    /**
     * Task k can issue a GPU request without running on its CPU first: some GPU segment follows a
     * zero-length CPU segment (at release, or right after its previous request).
     */
    boolean requestsWithoutCpu(int k) {
        List<Long> cpu = tasks.get(k).cpu();
        return IntStream.range(0, eta[k]).anyMatch(u -> cpu.get(u) == 0);
    }

    boolean usesGpu(int h) {
        return eta[h] > 0;
    }

    boolean sameCore(int a, int b) {
        return tasks.get(a).core() == tasks.get(b).core();
    }

    /** h ∈ hpp(i): higher CPU priority on i's core. Best-effort tasks rank below every other task. */
    boolean hpp(int h, int i) {
        return h != i && sameCore(h, i) && cpuHigher(h, i);
    }

    /** CPU priority order on one core; a best-effort task is below every real-time one. */
    boolean cpuHigher(int h, int i) {
        RtaTask a = tasks.get(h);
        RtaTask b = tasks.get(i);
        if (a.bestEffort() != b.bestEffort()) {
            return b.bestEffort();
        }
        return a.cpuPriority() != b.cpuPriority() ? a.cpuPriority() > b.cpuPriority() : h < i;
    }

    /** h ∈ hp(i) where the GPU is concerned: higher GPU priority, any core. */
    boolean hp(int h, int i) {
        return gpuRank[h] < gpuRank[i];
    }

    /** Jc_h = R_h − (C_h + Gm_h). */
    long jc(int h) {
        return SaturatingTime.sub(rCpu[h], c[h] + gm[h]);
    }

    /** Jg_h = R_h − Ge_h. */
    long jg(int h) {
        return SaturatingTime.sub(rGpu[h], ge[h]);
    }

    /** Jg_h of a remote higher-GPU-priority τh (see {@link #rRemote}). */
    long jgRemote(int h) {
        return rRemote[h] == SAME ? jg(h) : SaturatingTime.sub(rRemote[h], ge[h]);
    }

    /** Starred values: two runlist updates per GPU segment. */
    long star(int h) {
        return SaturatingTime.mul(2 * (long) eta[h], eps);
    }

    long geStar(int h) {
        return SaturatingTime.add(ge[h], star(h));
    }

    /** The least fixed point of {@code f} from {@code start}, or -1 once an iterate passes {@code limit}. */
    long fixedPoint(long start, long limit, LongUnaryOperator f) {
        long r = start;
        while (true) {
            check.run();
            long next = f.applyAsLong(r);
            if (next > limit) {
                return -1;
            }
            if (next == r) {
                return r;
            }
            r = next;
        }
    }

    GpuSegment seg(int h, int j) {
        return tasks.get(h).gpu().get(j);
    }
}
