package org.gpusched.explore;

import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The window relaxations {@link AutoSearch} gives turns to: one over every task, and one without the
 * tasks of least utilization that together make up at most {@link #LEFT_OUT} of the set's (leaving
 * tasks out is a relaxation too, a weaker one per window but with fewer states, so it reaches later
 * windows). A turn's states are shared by those still open, in this order: deterministic.
 */
final class Windows {
    /** The share of the utilization the second relaxation may leave out. */
    static final double LEFT_OUT = 0.05;
    private final List<WindowRelaxation> open = new ArrayList<>();
    private WindowRelaxation refuted;

    /** @param maxLive the most states held at once, shared by the relaxations */
    Windows(TaskSet ts, JobModel jm, Budget.Meter meter, LiveBound.Mutation mutation, long maxLive) {
        long keep = lightestLeftOut(ts);
        long each = keep == -1L ? maxLive : maxLive / 2;
        open.add(new WindowRelaxation(new Oracle(ts, meter), jm, meter, mutation, each));
        if (keep != -1L) {
            open.add(new WindowRelaxation(new Oracle(ts, meter), jm, meter, mutation, each,
                    WindowRelaxation.Mutation.NONE, keep));
        }
    }

    /** The tasks kept when the lightest ones, at most {@link #LEFT_OUT} of the utilization in all, are left out. */
    static long lightestLeftOut(TaskSet ts) {
        Integer[] order = new Integer[ts.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> ts.task(i).utilization()).thenComparing(i -> i));
        double budget = LEFT_OUT * ts.utilization();
        double out = 0;
        long keep = -1L;
        for (int i : order) {
            out += ts.task(i).utilization();
            if (out > budget) {
                break;
            }
            keep &= ~(1L << i);
        }
        return keep;
    }

    /** A turn of {@code states} states; true once some relaxation has refuted the set. */
    boolean step(long states) {
        if (refuted != null) {
            return true;
        }
        List<WindowRelaxation> now = List.copyOf(open);
        for (WindowRelaxation w : now) {
            WindowRelaxation.Step s = w.step(Math.max(1, states / now.size()));
            if (s == WindowRelaxation.Step.REFUTED) {
                refuted = w;
                return true;
            }
            if (s == WindowRelaxation.Step.RETIRED) {
                open.remove(w);
            }
        }
        return false;
    }

    /** Why the set is not schedulable; only after {@link #step} returned true. */
    String reason() {
        return refuted.reason();
    }
}
