package org.gpusched.model;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/** Priority orders shared by the readers and the v1 view of a workload (larger = higher). */
public final class Priorities {
    private Priorities() { }

    /** Deadline-monotonic priorities n..1, ties by index (the v1 view and the defaults). */
    public static int[] deadlineMonotonic(long[] deadlines) {
        int[] p = new int[deadlines.length];
        rank(p, IntStream.range(0, deadlines.length).boxed().sorted(Comparator
                .comparingLong((Integer i) -> deadlines[i]).thenComparingInt(i -> i)).toList());
        return p;
    }

    /** Highest first: the first of {@code order} gets n, the last 1. */
    public static void rank(int[] into, List<Integer> order) {
        for (int r = 0; r < order.size(); r++) {
            into[order.get(r)] = order.size() - r;
        }
    }
}
