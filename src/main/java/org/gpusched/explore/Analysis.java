package org.gpusched.explore;

import java.util.List;

/**
 * The outcome of one analysis.
 *
 * @param schedule the frames of one schedulable path (empty unless schedulable)
 * @param witness  why not schedulable (null unless not schedulable, or for inconclusive runs the deepest point)
 * @param note     a budget that was hit, or other remark; null when none
 */
public record Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness,
                       String note) {
    public Analysis {
        schedule = List.copyOf(schedule);
    }
}
