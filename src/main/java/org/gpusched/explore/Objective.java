package org.gpusched.explore;

import java.util.Comparator;
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
                    .mapToLong(j -> jm.deadline(j.task(), j.job()) - f.end()).sum()).sum();
        };
    }

    /** Lower is better. */
    public long cost(List<Frame> path, JobModel jm) {
        return this == MOST_SLACK ? -value(path, jm) : value(path, jm);
    }

    /** Whether the cost is a sum of per-frame terms ({@link #frameCost}). */
    boolean additive() {
        return this != EARLIEST_FINISH;
    }

    /**
     * The cost term of one frame of {@code jobs} jobs ending at {@code end}, whose jobs' absolute
     * deadlines sum to {@code deadlineSum}. Slack sums stay far inside a long: at most
     * 100,000 jobs times a hyperperiod of at most 10^12 ticks.
     */
    long frameCost(int jobs, long deadlineSum, long end) {
        return switch (this) {
            case EARLIEST_FINISH -> 0;
            case FEWEST_PARALLEL -> jobs > 1 ? 1 : 0;
            case MOST_SLACK -> jobs * end - deadlineSum;
        };
    }

    public Comparator<List<Frame>> comparator(JobModel jm) {
        return Comparator.comparingLong(p -> cost(p, jm));
    }

    public String words() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
