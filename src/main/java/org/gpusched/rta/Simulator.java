package org.gpusched.rta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A discrete-event simulation of TSG round robin, GCAPS and the GPU as one lock (MPCP, FMLP+)
 * with worst-case times: every task releases a job at O, O + T, O + 2T, … before
 * {@code releasesUntil} (offset O = 0 unless given); every segment takes exactly its WCET; time is
 * integer. CPUs are partitioned fixed-priority preemptive (best-effort tasks lowest); jobs of one
 * task run in release order. A GPU segment is: [GCAPS: runlist update ε] misc on the
 * CPU, exec on the GPU, [GCAPS: runlist update ε]; under a lock protocol it is a critical section
 * whose CPU part runs boosted. Semantics in docs/rta.md.
 */
public final class Simulator {
    private static final int CPU = 0;
    private static final int UPDATE = 1;
    private static final int GPU = 2;
    /** Flags on a phase's kind: the first / last phase of a critical section (lock protocols). */
    private static final int CS_START = 4;
    private static final int CS_END = 8;

    private final RtaWorkload w;
    private final RtaMethod method;
    private final AnalysisState x;
    private final boolean gcaps;
    private final boolean busy;
    private final long[][] phases;
    private final GpuLock lock;
    private final SliceTimeline timeline;
    /** Job k of task i is released at offsets[i] + k·T_i. */
    private final long[] offsets;

    private Simulator(RtaWorkload w, RtaMethod method, int[] gpuOrder, long[] offsets) {
        this.w = w;
        this.method = method;
        this.x = new AnalysisState(w, Variant.PAPER, ResponseTimeAnalysis.ranks(gpuOrder), () -> { }, true);
        this.gcaps = method.gcaps();
        this.busy = !method.suspends();
        boolean mpcp = method == RtaMethod.MPCP_BUSY || method == RtaMethod.MPCP_SUSPEND;
        boolean fmlp = method == RtaMethod.FMLP_PLUS_BUSY || method == RtaMethod.FMLP_PLUS_SUSPEND;
        this.lock = mpcp || fmlp ? new GpuLock(x, fmlp) : null;
        this.phases = w.tasks().stream().map(this::phases).toArray(long[][]::new);
        this.timeline = new SliceTimeline(w);
        this.offsets = offsets.clone();
    }

    /** Simulates with the workload's own GPU order (gpuPriority, best-effort last). */
    public static SimResult run(RtaWorkload w, RtaMethod m, long releasesUntil, long end) {
        return run(w, m, null, new long[w.tasks().size()], releasesUntil, end);
    }

    /** Simulates with GPU priorities in {@code gpuOrder}: task names, highest first (e.g. an Audsley order). */
    public static SimResult run(RtaWorkload w, RtaMethod m, List<String> gpuOrder, long releasesUntil, long end) {
        return run(w, m, gpuOrder, new long[w.tasks().size()], releasesUntil, end);
    }

    /**
     * Simulates with GPU priorities in {@code gpuOrder} (null: the workload's own) and job k of task i
     * released at {@code offsets[i]} + k·T_i: the analyses ignore offsets, so their bounds must hold for any.
     */
    public static SimResult run(RtaWorkload w, RtaMethod m, List<String> gpuOrder, long[] offsets, long releasesUntil,
                                long end) {
        List<String> names = w.tasks().stream().map(RtaTask::name).toList();
        if (gpuOrder != null && (gpuOrder.size() != names.size() || !names.containsAll(gpuOrder))) {
            throw new IllegalArgumentException("gpuOrder must name every task once");
        }
        if (offsets.length != names.size() || Arrays.stream(offsets).anyMatch(o -> o < 0)) {
            throw new IllegalArgumentException("offsets must give every task one offset >= 0");
        }
        int[] order = gpuOrder == null ? ResponseTimeAnalysis.givenOrder(w)
                : gpuOrder.stream().mapToInt(names::indexOf).toArray();
        return new Simulator(w, m, order, offsets).simulate(releasesUntil, end);
    }

    /** Phases as (kind, length) pairs, zero-length ones left out. */
    private long[] phases(RtaTask t) {
        List<Long> p = new ArrayList<>();
        for (int s = 0; s < t.cpu().size(); s++) {
            add(p, CPU, t.cpu().get(s));
            if (s < t.gpu().size()) {
                GpuSegment g = t.gpu().get(s);
                if (gcaps) {
                    add(p, UPDATE, x.eps);
                }
                int start = p.size();
                add(p, CPU, g.misc());
                add(p, GPU, g.exec());
                if (lock != null && p.size() > start) {
                    p.set(start, p.get(start) | CS_START);
                    p.set(p.size() - 2, p.get(p.size() - 2) | CS_END);
                }
                if (gcaps) {
                    add(p, UPDATE, x.eps);
                }
            }
        }
        return p.stream().mapToLong(Long::longValue).toArray();
    }

    private static void add(List<Long> p, int kind, long len) {
        if (len > 0) {
            p.add((long) kind);
            p.add(len);
        }
    }

    private SimResult simulate(long releasesUntil, long end) {
        if (releasesUntil <= 0 || end < releasesUntil) {
            throw new IllegalArgumentException("need 0 < releasesUntil <= end");
        }
        int n = x.n;
        int cores = w.platform().cpus();
        int[] jobOf = new int[n];       // index of the current job, or -1
        int[] done = new int[n];        // jobs finished
        int[] phase = new int[n];
        long[] left = new long[n];
        boolean[] updating = new boolean[n]; // a started (non-preemptive) runlist update
        long[][] starts = new long[n][];
        long[][] finishes = new long[n][];
        for (int i = 0; i < n; i++) {
            int jobs = (int) Math.min(Integer.MAX_VALUE - 1,
                    Math.max(0, releasesUntil - offsets[i] + x.t[i] - 1) / x.t[i]);
            starts[i] = filled(jobs);
            finishes[i] = filled(jobs);
            jobOf[i] = -1;
        }
        RoundRobinGpu rr = gcaps || lock != null ? null : new RoundRobinGpu(x.slice, x.theta);
        long t = 0;
        while (t < end) {
            for (int i = 0; i < n; i++) {
                if (jobOf[i] < 0 && done[i] < starts[i].length && offsets[i] + (long) done[i] * x.t[i] <= t) {
                    jobOf[i] = done[i];
                    phase[i] = 0;
                    left[i] = phases[i].length == 0 ? 0 : phases[i][1];
                }
                if (rr != null && jobOf[i] >= 0 && kind(i, phase[i]) == GPU) {
                    rr.arrive(i);
                }
                if (lock != null && jobOf[i] >= 0 && (phases[i][phase[i]] & CS_START) != 0) {
                    lock.request(i);
                }
            }
            if (lock != null) {
                lock.grant();
            }
            int[] onCpu = new int[cores];
            for (int core = 0; core < cores; core++) {
                onCpu[core] = pick(core, jobOf, phase, updating);
                if (onCpu[core] >= 0 && kind(onCpu[core], phase[onCpu[core]]) == UPDATE) {
                    updating[onCpu[core]] = true;
                }
            }
            int gpu = gcaps ? gcapsGpu(jobOf, phase, updating) : rr != null ? rr.decide() : lockGpu(jobOf, phase);
            long dt = end - t;
            for (int i = 0; i < n; i++) {
                if (jobOf[i] < 0 && done[i] < starts[i].length) {
                    dt = Math.min(dt, offsets[i] + done[i] * x.t[i] - t);
                }
            }
            for (int core = 0; core < cores; core++) {
                int i = onCpu[core];
                if (i >= 0 && kind(i, phase[i]) != GPU) {
                    dt = Math.min(dt, left[i]);
                }
            }
            if (gpu >= 0) {
                dt = Math.min(dt, left[gpu]);
            }
            if (rr != null && gpu != -1) {
                dt = Math.min(dt, rr.horizon());
            }
            if (dt <= 0) {
                // Every phase has positive length and releases were handled above: a bug, not an input.
                throw new IllegalStateException("simulator made no progress at time " + t);
            }
            for (int core = 0; core < cores; core++) {
                int i = onCpu[core];
                if (i >= 0) {
                    int k = kind(i, phase[i]);
                    timeline.add("cpu" + core, i, jobOf[i], k == GPU ? "spin" : k == UPDATE ? "update" : "cpu", t, t + dt);
                    starts[i][jobOf[i]] = starts[i][jobOf[i]] < 0 ? t : starts[i][jobOf[i]];
                    if (k != GPU) {
                        left[i] -= dt;
                    }
                }
            }
            boolean gpuDone = false;
            if (gpu >= 0) {
                timeline.add("gpu", gpu, jobOf[gpu], "gpu", t, t + dt);
                starts[gpu][jobOf[gpu]] = starts[gpu][jobOf[gpu]] < 0 ? t : starts[gpu][jobOf[gpu]];
                left[gpu] -= dt;
                gpuDone = left[gpu] == 0;
            } else if (gpu <= -2) {
                timeline.add("gpu", -2 - gpu, jobOf[-2 - gpu], "switch", t, t + dt);
            }
            if (rr != null && gpu != -1) {
                rr.advance(dt, gpuDone);
            }
            t += dt;
            for (int i = 0; i < n; i++) {
                while (jobOf[i] >= 0 && left[i] == 0) {
                    updating[i] = false;
                    if ((phases[i][phase[i]] & CS_END) != 0) {
                        lock.release(i);
                    }
                    phase[i] += 2;
                    if (phase[i] >= phases[i].length) {
                        finishes[i][jobOf[i]] = t;
                        if (starts[i][jobOf[i]] < 0) {
                            starts[i][jobOf[i]] = t;
                        }
                        done[i]++;
                        jobOf[i] = -1;
                    } else {
                        left[i] = phases[i][phase[i] + 1];
                    }
                }
            }
            if (allDone(done, starts, jobOf) && t >= releasesUntil) {
                break;
            }
        }
        return new SimResult(method, releasesUntil, t, jobs(starts, finishes), timeline.slices());
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        java.util.Arrays.fill(a, -1);
        return a;
    }

    private boolean allDone(int[] done, long[][] starts, int[] jobOf) {
        return IntStream.range(0, x.n).allMatch(i -> done[i] >= starts[i].length && jobOf[i] < 0);
    }

    private List<SimJob> jobs(long[][] starts, long[][] finishes) {
        return IntStream.range(0, x.n).boxed().flatMap(i -> IntStream.range(0, starts[i].length)
                .mapToObj(j -> new SimJob(x.tasks.get(i).name(), j, offsets[i] + j * x.t[i], starts[i][j],
                        finishes[i][j]))).toList();
    }

    private int kind(int i, int ph) {
        return (int) phases[i][ph] & 3;
    }

    /** Under a lock protocol: waiting for the lock (suspended: neither CPU nor GPU). */
    private boolean waiting(int i, int[] phase) {
        return lock != null && (phases[i][phase[i]] & CS_START) != 0 && lock.holder() != i;
    }

    /** The lock holder runs its GPU work, alone on the GPU. */
    private int lockGpu(int[] jobOf, int[] phase) {
        int h = lock.holder();
        return h >= 0 && jobOf[h] >= 0 && kind(h, phase[h]) == GPU ? h : -1;
    }

    /** Who runs on a core: a started update keeps it; else the highest-priority job that wants the CPU. */
    private int pick(int core, int[] jobOf, int[] phase, boolean[] updating) {
        int h = lock == null ? -1 : lock.holder();
        if (h >= 0 && x.tasks.get(h).core() == core && (kind(h, phase[h]) != GPU || busy)) {
            return h; // the holder's critical section runs boosted, above every other job of its core
        }
        int best = -1;
        for (int i = 0; i < x.n; i++) {
            if (jobOf[i] < 0 || x.tasks.get(i).core() != core) {
                continue;
            }
            if (updating[i]) {
                return i;
            }
            int k = kind(i, phase[i]);
            boolean wants = (k != GPU || busy) && !waiting(i, phase);
            if (wants && (best < 0 || x.cpuHigher(i, best))) {
                best = i;
            }
        }
        return best;
    }

    /**
     * GCAPS' GPU: the highest-GPU-priority job with pending GPU work runs, unless a runlist update
     * of a higher-priority task is in progress (the runlist is rebuilt and the context switched:
     * lower-priority contexts stall for the update's ε). Returns the task or −1.
     */
    private int gcapsGpu(int[] jobOf, int[] phase, boolean[] updating) {
        int top = IntStream.range(0, x.n).filter(i -> jobOf[i] >= 0 && kind(i, phase[i]) == GPU)
                .reduce(-1, (best, i) -> best < 0 || x.hp(i, best) ? i : best);
        return top >= 0 && IntStream.range(0, x.n).noneMatch(u -> updating[u] && x.hp(u, top)) ? top : -1;
    }
}
