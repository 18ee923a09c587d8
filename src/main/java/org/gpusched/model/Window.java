package org.gpusched.model;

import java.util.List;
import java.util.TreeSet;

/**
 * The analysis window of a task set with release offsets (docs/explorer.md, "Offsets: the
 * analysis window"). An instant s is a <em>cut</em> when no job's window [a, a + D) strictly
 * contains it: for every task, s is one of its releases or lies at or after the deadline of its
 * latest job released before s. In any schedule that meets every deadline nothing is pending
 * at a cut and no frame spans it (a frame ends by the deadlines of its jobs, all released
 * before the cut), and since releases repeat every H, so do cuts: the infinite schedule splits
 * into independent copies of the window [s, s + H). The set is schedulable iff that one window
 * is, and analysing it from s with the offsets taken relative to s is exactly the offset-free
 * analysis of [0, H) with each job inside [0, H).
 */
public final class Window {
    private Window() { }

    /**
     * The window's origin, the smallest cut in [0, H), or {@link TaskSet#NO_WINDOW} when no instant is
     * free of every job's window: such a set has no steady state that provably starts afresh, and only
     * the power-on analysis answers for it ({@link #require} refuses it everywhere else).
     */
    public static long origin(List<Task> tasks, long h) {
        if (isCut(tasks, 0)) {
            return 0;
        }
        // The set of cuts is a union of intervals whose left ends are releases or deadlines.
        TreeSet<Long> candidates = new TreeSet<>();
        for (Task t : tasks) {
            for (long a = t.offset(); a < h; a += t.period()) {
                candidates.add(a);
                candidates.add((a + t.deadline()) % h);
            }
        }
        for (long s : candidates) {
            if (isCut(tasks, s)) {
                return s;
            }
        }
        return TaskSet.NO_WINDOW;
    }

    public static boolean isCut(List<Task> tasks, long s) {
        for (Task t : tasks) {
            long r = Math.floorMod(s - t.offset(), t.period());
            if (r != 0 && r < t.deadline()) {
                return false;
            }
        }
        return true;
    }

    /** The tasks with their offsets taken relative to the origin s (each job then lies in [0, H)). */
    public static List<Task> rotate(List<Task> tasks, long s) {
        return tasks.stream().map(t -> s <= 0 ? t : t.withOffset(Math.floorMod(t.offset() - s, t.period()))).toList();
    }

    /**
     * The task with its release offset (0 <= O < T) and jitter (0 <= J <= D) from the file, the
     * same rule in both format versions; absent fields are 0.
     */
    public static Task release(String file, String p, Task t, Long offset, Long jitter) {
        long o = offset == null ? 0 : offset;
        long j = jitter == null ? 0 : jitter;
        if (o < 0 || o >= t.period()) {
            throw new InputException(file, p + ".offset", "offset must be >= 0 and < period " + t.period()
                    + " (got " + o + ")");
        }
        if (j < 0 || j > t.deadline()) {
            throw new InputException(file, p + ".jitter", "jitter must be >= 0 and <= deadline " + t.deadline()
                    + " (got " + j + ")");
        }
        return o == 0 && j == 0 ? t : new Task(t.index(), t.name(), t.period(), t.deadline(), t.wcet(), t.kernel(),
                o, j, t.chain());
    }

    /** Refuses (one line naming the file) a set without a window where an analysis needs one. */
    public static void require(TaskSet ts) {
        if (ts.origin() < 0) {
            throw new InputException(ts.source(), "tasks", "offsets: every instant of the hyperperiod lies inside"
                    + " some job's window (release, deadline), so there is no steady state that provably starts"
                    + " afresh, and an analysis of the steady state does not apply (analyze answers for the system"
                    + " released at 0 unless --steady-state; docs/explorer.md, Offsets)");
        }
    }
}
