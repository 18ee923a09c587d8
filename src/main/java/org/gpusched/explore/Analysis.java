package org.gpusched.explore;

import java.util.List;

/**
 * The outcome of one analysis.
 *
 * @param schedule the frames of one schedulable path (empty unless schedulable)
 * @param witness  why not schedulable (null unless not schedulable, or for inconclusive runs the deepest point)
 * @param note     a budget that was hit, or other remark; null when none
 * @param achieved the objective the schedule optimises and its value (null unless --stop all found one)
 * @param foundBy  the greedy policy that found the schedule before any search, or
 *                 the necessary condition that refuted the set before any search; null when the
 *                 search itself decided
 */
public record Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness,
                       String note, Achieved achieved, String foundBy) {
    public Analysis {
        schedule = List.copyOf(schedule);
    }

    public Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness, String note,
                    Achieved achieved) {
        this(verdict, method, stats, schedule, witness, note, achieved, null);
    }

    public Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness, String note) {
        this(verdict, method, stats, schedule, witness, note, null);
    }

    /** The value an optimal schedule reaches for its objective (see {@link Objective#value}). */
    public record Achieved(Objective objective, long value) { }
}
