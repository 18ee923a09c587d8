package org.gpusched.copyexec;

import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The CPU-side loop shared by the simulator and the player: which jobs form the next batch. At a
 * batch start the ready jobs (released, not finished; a task's jobs in order) of highest priority
 * are taken, at most two: earliest absolute deadline first, ties by task index (our priority: the
 * paper's formula is in a paper not available, copy-execute.md).
 */
public final class Batches {
    private Batches() { }

    /** One job of a batch. */
    public record Pick(int task, int job) { }

    public static long release(CopyWorkload w, int task, int job) {
        return (long) job * w.task(task).period();
    }

    public static long deadline(CopyWorkload w, int task, int job) {
        return release(w, task, job) + w.task(task).deadline();
    }

    /**
     * The next batch at time {@code t}, given each task's next unfinished job: up to two ready jobs,
     * highest priority first; empty when none is ready (see {@link #nextRelease}).
     */
    public static List<Pick> select(CopyWorkload w, int[] next, long t) {
        Pick a = null;
        Pick b = null;
        for (int i = 0; i < w.size(); i++) {
            if (next[i] >= w.jobsOf(i) || release(w, i, next[i]) > t) {
                continue;
            }
            Pick p = new Pick(i, next[i]);
            if (a == null || before(w, p, a)) {
                b = a;
                a = p;
            } else if (b == null || before(w, p, b)) {
                b = p;
            }
        }
        return Stream.of(a, b).filter(Objects::nonNull).toList();
    }

    private static boolean before(CopyWorkload w, Pick x, Pick y) {
        long dx = deadline(w, x.task(), x.job());
        long dy = deadline(w, y.task(), y.job());
        return dx != dy ? dx < dy : x.task() < y.task();
    }

    /** The earliest release of a job not yet run, or -1 when every job of the hyperperiod has run. */
    public static long nextRelease(CopyWorkload w, int[] next) {
        return IntStream.range(0, w.size()).filter(i -> next[i] < w.jobsOf(i)).mapToLong(i -> release(w, i, next[i]))
                .min().orElse(-1);
    }

    /** The lane of an operation in timelines: a copy engine, or the task's kernel lane. */
    public static String lane(CopyWorkload w, int task, OperationKind kind) {
        if (kind == OperationKind.KERNEL) {
            return "kernel " + w.task(task).name();
        }
        return w.engines() == 1 ? "copy engine" : kind == OperationKind.H2D ? "H2D engine" : "D2H engine";
    }
}
