package org.gpusched.explore;

import java.util.Comparator;
import java.util.List;

/** How {@link StopRule#ALL} picks among the schedulable paths it kept. */
public enum Objective {
    /** The path whose last frame ends first. */
    EARLIEST_FINISH,
    /** The fewest frames that run more than one kernel (least exposure to interference). */
    FEWEST_PARALLEL,
    /** The largest sum over jobs of (deadline - frame end). */
    MOST_SLACK;

    /** Lower is better. */
    public long cost(List<Frame> path, JobModel jm) {
        return switch (this) {
            case EARLIEST_FINISH -> path.isEmpty() ? 0 : path.get(path.size() - 1).end();
            case FEWEST_PARALLEL -> path.stream().filter(f -> f.batch().size() > 1).count();
            case MOST_SLACK -> -path.stream().mapToLong(f -> f.batch().stream()
                    .mapToLong(j -> jm.deadline(j.task(), j.job()) - f.end()).sum()).sum();
        };
    }

    public Comparator<List<Frame>> comparator(JobModel jm) {
        return Comparator.comparingLong(p -> cost(p, jm));
    }
}
