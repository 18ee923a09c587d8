package org.gpusched.copyexec;

import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;

/**
 * The exact times of one batch (at most two jobs, highest priority first) started at {@code t0} on
 * idle engines. Every operation waits for its stream predecessor (same job); copies are served
 * first-in first-out per copy engine in issue order (one engine shared by both directions, or one
 * per direction); a zero-length operation is not issued. Issue orders (copy-execute.md):
 * <ul>
 * <li>traditional: A.h2d, A.kernel, A.d2h, B.h2d, B.kernel, B.d2h, each after the previous ended;</li>
 * <li>interleave: A.h2d, B.h2d, A.kernel, B.kernel, A.d2h, B.d2h, kernels one at a time;</li>
 * <li>concurrent: as interleave, B's kernel may start while A's runs when the pair is eligible
 * ({@link Pairs}); a kernel that overlaps the other takes its pair time;</li>
 * <li>order: as concurrent, the D2H copies issued in the order the kernels finish (ties: priority).</li>
 * </ul>
 * Because every dependency points from H2D to kernel to D2H, evaluating the operations in that
 * order is an exact simulation of the queues.
 */
final class BatchTimes {
    private final CopyWorkload w;
    private final Strategy s;
    private final CopySimulator.Times times;
    /** Free time of the copy engines: [0] H2D (and D2H with one engine), [1] D2H with two. */
    private final long[] engine = new long[2];
    private final List<Operation> ops = new ArrayList<>();

    BatchTimes(CopyWorkload w, Strategy s, CopySimulator.Times times) {
        this.w = w;
        this.s = s;
        this.times = times;
    }

    /** Runs the batch; returns one {@link JobRun} per pick, in pick order, and adds its operations to {@code out}. */
    List<JobRun> run(List<Batches.Pick> picks, long t0, List<Operation> out) {
        ops.clear();
        engine[0] = t0;
        engine[1] = t0;
        int n = picks.size();
        long[] start = new long[n];
        long[] cursor = new long[n];
        java.util.Arrays.fill(start, -1);
        java.util.Arrays.fill(cursor, t0);
        if (s == Strategy.TRADITIONAL) {
            long at = t0;
            for (int j = 0; j < n; j++) {
                cursor[j] = at;
                for (OperationKind k : OperationKind.values()) {
                    cursor[j] = k == OperationKind.KERNEL ? kernel(picks.get(j), cursor[j], dur(picks.get(j), k), j, start)
                            : copy(picks.get(j), k, cursor[j], j, start);
                }
                at = cursor[j];
            }
        } else {
            for (int j = 0; j < n; j++) {
                cursor[j] = copy(picks.get(j), OperationKind.H2D, cursor[j], j, start);
            }
            kernels(picks, cursor, start);
            int first = 0;
            if (s == Strategy.ORDER && n == 2 && cursor[1] < cursor[0]) {
                first = 1;
            }
            for (int x = 0; x < n; x++) {
                int j = (first + x) % n;
                cursor[j] = copy(picks.get(j), OperationKind.D2H, cursor[j], j, start);
            }
        }
        List<JobRun> runs = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            Batches.Pick p = picks.get(j);
            CopyTask t = w.task(p.task());
            runs.add(new JobRun(p.task(), t.name(), p.job(), Batches.release(w, p.task(), p.job()),
                    Batches.deadline(w, p.task(), p.job()), start[j] < 0 ? cursor[j] : start[j], cursor[j]));
        }
        ops.sort(Operation.TIMELINE);
        out.addAll(ops);
        return runs;
    }

    private long dur(Batches.Pick p, OperationKind k) {
        long wcet = w.task(p.task()).time(k);
        return wcet == 0 ? 0 : times.time(p.task(), p.job(), k, wcet);
    }

    /** The job's copy of kind k, ready at {@code ready}; returns when the job's stream is free again. */
    private long copy(Batches.Pick p, OperationKind k, long ready, int j, long[] start) {
        long d = dur(p, k);
        if (d == 0) {
            return ready;
        }
        int e = w.engines() == 2 && k == OperationKind.D2H ? 1 : 0;
        long from = Math.max(ready, engine[e]);
        long to = Ticks.add(from, d);
        engine[e] = to;
        record(p, k, from, to, j, start);
        return to;
    }

    private long kernel(Batches.Pick p, long from, long d, int j, long[] start) {
        if (d == 0) {
            return from;
        }
        long to = Ticks.add(from, d);
        record(p, OperationKind.KERNEL, from, to, j, start);
        return to;
    }

    /** Kernels of interleave, concurrent and order; cursor[j] moves from the H2D end to the kernel end. */
    private void kernels(List<Batches.Pick> picks, long[] cursor, long[] start) {
        Batches.Pick a = picks.get(0);
        long da = dur(a, OperationKind.KERNEL);
        if (picks.size() == 1) {
            cursor[0] = kernel(a, cursor[0], da, 0, start);
            return;
        }
        Batches.Pick b = picks.get(1);
        long db = dur(b, OperationKind.KERNEL);
        long sa = cursor[0];
        if (da == 0 || db == 0) {
            // One kernel is not issued: nothing to serialise against or overlap.
            cursor[0] = kernel(a, sa, da, 0, start);
            cursor[1] = kernel(b, da == 0 ? cursor[1] : Math.max(cursor[1], sa), db, 1, start);
            return;
        }
        long aloneEnd = Ticks.add(sa, da);
        long sb = Math.max(cursor[1], sa);
        boolean together = s.concurrentKernels() && w.pairs().eligible(a.task(), b.task()) && sb < aloneEnd;
        if (together) {
            cursor[0] = kernel(a, sa, times.time(a.task(), a.job(), OperationKind.KERNEL, w.pairs().pairTime(a.task(), b.task())),
                    0, start);
            cursor[1] = kernel(b, sb, times.time(b.task(), b.job(), OperationKind.KERNEL, w.pairs().pairTime(b.task(), a.task())),
                    1, start);
        } else {
            cursor[0] = kernel(a, sa, da, 0, start);
            cursor[1] = kernel(b, Math.max(cursor[1], cursor[0]), db, 1, start);
        }
    }

    private void record(Batches.Pick p, OperationKind k, long from, long to, int j, long[] start) {
        if (start[j] < 0) {
            start[j] = from;
        }
        ops.add(new Operation(p.task(), p.job(), k, Batches.lane(w, p.task(), k), from, to));
    }
}
