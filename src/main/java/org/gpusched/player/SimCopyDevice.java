package org.gpusched.player;

import org.gpusched.copyexec.OperationKind;
import org.gpusched.copyexec.Strategy;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A queue machine for copy/execute batches, independent of the simulator's closed-form batch
 * timing: commands wait in first-in first-out queues (one per copy engine, or one shared; one for
 * kernels; one for everything under traditional, which issues synchronously), start when their
 * stream predecessor has ended and their queue's engine is free, and time advances from one
 * completion to the next. Under order, the D2H copies are queued only when the first kernel has
 * finished, that job's first. Launch and issue costs are zero.
 *
 * @param unit the workload's time unit, which the simulated device keeps
 */
public record SimCopyDevice(int engines, String unit) implements CopyDevice {
    @Override
    public String name() {
        return "sim";
    }

    @Override
    public long scale() {
        return 1;
    }

    /** One command: job j's operation k on queue q. */
    private static final class Cmd {
        final int j;
        final OperationKind k;
        final int q;
        long dur;
        long start = -1;
        long end = -1;

        Cmd(int j, OperationKind k, int q, long dur) {
            this.j = j;
            this.k = k;
            this.q = q;
            this.dur = dur;
        }
    }

    private static final int COPY_H2D = 0;
    private static final int COPY_D2H = 1;
    private static final int KERNELS = 2;
    private static final int SERIAL = 3;

    @Override
    public CopyBatch.Result run(CopyBatch b) {
        int n = b.size();
        List<List<Cmd>> queues = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<Cmd> all = new ArrayList<>();
        boolean traditional = b.strategy() == Strategy.TRADITIONAL;
        // Issue order: traditional one job after the other; the others H2Ds, kernels, then D2Hs.
        if (traditional) {
            for (int j = 0; j < n; j++) {
                for (OperationKind k : OperationKind.values()) {
                    issue(b, j, k, SERIAL, queues, all);
                }
            }
        } else {
            for (int j = 0; j < n; j++) {
                issue(b, j, OperationKind.H2D, COPY_H2D, queues, all);
            }
            for (int j = 0; j < n; j++) {
                issue(b, j, OperationKind.KERNEL, KERNELS, queues, all);
            }
            if (b.strategy() != Strategy.ORDER) {
                for (int j = 0; j < n; j++) {
                    issue(b, j, OperationKind.D2H, d2hQueue(), queues, all);
                }
            }
        }
        boolean d2hIssued = b.strategy() != Strategy.ORDER;
        long now = b.start();
        while (true) {
            boolean started = true;
            while (started) {
                started = false;
                for (List<Cmd> q : queues) {
                    Cmd head = q.stream().filter(c -> c.start < 0).findFirst().orElse(null);
                    if (head != null && canStart(head, q, all, now, b)) {
                        begin(head, all, now, b);
                        started = true;
                    }
                }
                if (!d2hIssued && kernelStepsDone(all, n, now)) {
                    // The CPU saw the first kernel finish: its D2H first, then the other's.
                    for (int j : kernelFinishOrder(all, n)) {
                        issue(b, j, OperationKind.D2H, d2hQueue(), queues, all);
                    }
                    d2hIssued = true;
                    started = true;
                }
            }
            long next = Long.MAX_VALUE;
            for (Cmd c : all) {
                if (c.start >= 0 && c.end > now) {
                    next = Math.min(next, c.end);
                }
            }
            if (next == Long.MAX_VALUE) {
                break;
            }
            now = next;
        }
        long[][] start = unissued(n);
        long[][] end = unissued(n);
        for (Cmd c : all) {
            start[c.j][c.k.ordinal()] = c.start;
            end[c.j][c.k.ordinal()] = c.end;
        }
        return new CopyBatch.Result(start, end);
    }

    /** Per job and operation -1: what a job shows for an operation never issued. */
    private static long[][] unissued(int n) {
        return IntStream.range(0, n).mapToObj(j -> new long[] {-1, -1, -1}).toArray(long[][]::new);
    }

    private int d2hQueue() {
        return engines == 2 ? COPY_D2H : COPY_H2D;
    }

    private static void issue(CopyBatch b, int j, OperationKind k, int q, List<List<Cmd>> queues, List<Cmd> all) {
        long d = b.time(j, k);
        if (d == 0) {
            return;
        }
        Cmd c = new Cmd(j, k, q, d);
        queues.get(q).add(c);
        all.add(c);
    }

    /** The time job j's stream has passed its step k (its earlier operations ended), or -1. */
    private static long streamAt(List<Cmd> all, int j, OperationKind k, long now) {
        long t = 0;
        for (Cmd c : all) {
            if (c.j == j && c.k.ordinal() < k.ordinal()) {
                if (c.end < 0 || c.end > now) {
                    return -1;
                }
                t = Math.max(t, c.end);
            }
        }
        return t;
    }

    private boolean canStart(Cmd c, List<Cmd> q, List<Cmd> all, long now, CopyBatch b) {
        if (streamAt(all, c.j, c.k, now) < 0) {
            return false;
        }
        // The queue's engine: one command at a time, except kernels of a concurrent batch.
        long running = q.stream().filter(x -> x.start >= 0 && x.end > now).count();
        return running < (c.q == KERNELS && b.concurrent() ? 2 : 1);
    }

    private static void begin(Cmd c, List<Cmd> all, long now, CopyBatch b) {
        c.start = now;
        if (c.k == OperationKind.KERNEL && b.concurrent()) {
            for (Cmd o : all) {
                if (o != c && o.k == OperationKind.KERNEL && o.start >= 0 && o.end > now) {
                    // Both kernels now share the GPU: each takes its pair time from its own start.
                    o.end = Ticks.add(o.start, b.pairExec()[o.j]);
                    c.dur = b.pairExec()[c.j];
                }
            }
        }
        c.end = Ticks.add(now, c.dur);
    }

    /** Whether some job's stream has passed its kernel step (the CPU polls the kernels' stop events). */
    private static boolean kernelStepsDone(List<Cmd> all, int n, long now) {
        return IntStream.range(0, n).anyMatch(j -> streamAt(all, j, OperationKind.D2H, now) >= 0);
    }

    /** Jobs by the time their kernel step ended (a job whose step is still running last); ties by priority. */
    private static int[] kernelFinishOrder(List<Cmd> all, int n) {
        long[] t = new long[n];
        for (int j = 0; j < n; j++) {
            long e = 0;
            boolean done = true;
            for (Cmd c : all) {
                if (c.j == j && c.k != OperationKind.D2H) {
                    done &= c.end >= 0;
                    e = Math.max(e, c.end);
                }
            }
            t[j] = done ? e : Long.MAX_VALUE;
        }
        return n != 2 ? new int[] {0} : t[1] < t[0] ? new int[] {1, 0} : new int[] {0, 1};
    }
}
