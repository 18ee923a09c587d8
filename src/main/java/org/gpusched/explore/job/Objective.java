package org.gpusched.explore.job;

import org.gpusched.explore.result.Frame;

import java.util.List;

/**
 * How {@link StopRule#ALL} picks among the schedulable paths. Each objective has a value per
 * path (reported) and a cost (lower is better). The costs of fewest-parallel and most-slack are
 * sums of one term per frame, so the explorer keeps, per (state, start time), the cheapest path
 * that reached it; the cost of earliest-finish is the end of the last frame, a part of the final
 * state itself. Either way the path picked is an exact optimum (see docs/explorer.md).
 */
public enum Objective {
    /** The path whose last frame ends first; value = that end. */
    EARLIEST_FINISH,
    /** The fewest frames that run more than one kernel (least exposure to interference); value = that count. */
    FEWEST_PARALLEL,
    /** The largest total slack: the sum over every job of (its absolute deadline - the end of its frame). */
    MOST_SLACK;

    /** The objective's value on a path (what reports show). */
    public long value(List<Frame> path, JobModel jm) {
        return switch (this) {
            case EARLIEST_FINISH -> path.isEmpty() ? 0 : path.get(path.size() - 1).end();
            case FEWEST_PARALLEL -> path.stream().filter(f -> f.batch().size() > 1).count();
            case MOST_SLACK -> path.stream().mapToLong(f -> f.batch().stream()
                    .filter(j -> j.stage() == jm.chain[j.task()] - 1) // a chain's last kernel ends its job
                    .mapToLong(j -> jm.deadline(j.task(), j.job()) - f.end()).sum()).sum();
        };
    }

    /** Whether the cost is a sum of per-frame terms ({@link #frameCost}). */
    public boolean additive() {
        return this != EARLIEST_FINISH;
    }

    /**
     * The cost term of one frame of {@code kernels} kernels ending at {@code end}, of which
     * {@code finished} end their job (a chain's last kernel), whose absolute deadlines sum to
     * {@code deadlineSum}. Slack sums stay far inside a long: at most 100,000 jobs times a
     * hyperperiod of at most 10^12 ticks.
     */
    public long frameCost(int kernels, int finished, long deadlineSum, long end) {
        return switch (this) {
            case EARLIEST_FINISH -> 0;
            case FEWEST_PARALLEL -> kernels > 1 ? 1 : 0;
            case MOST_SLACK -> finished * end - deadlineSum;
        };
    }
}
