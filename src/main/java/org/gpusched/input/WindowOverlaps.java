package org.gpusched.input;

import java.util.*;
import java.util.stream.Collectors;

/**
 * Whether any two partition windows overlap on a core, in O(n log n) per core used: a plan may
 * have 10^5 windows, and comparing every pair takes minutes.
 */
final class WindowOverlaps {
    private WindowOverlaps() { }

    /** {@code windows}: {start, end, core (-1: every core), ...}; true when two share a core and overlap. */
    static boolean any(List<long[]> windows) {
        Set<Long> cores = windows.stream().map(w -> w[2]).filter(c -> c >= 0)
                .collect(Collectors.toCollection(TreeSet::new));
        if (cores.isEmpty()) {
            cores.add(-1L);
        }
        for (long c : cores) {
            List<long[]> on = windows.stream().filter(w -> w[2] < 0 || w[2] == c)
                    .sorted(Comparator.comparingLong(w -> w[0])).toList();
            long end = Long.MIN_VALUE;
            for (long[] w : on) {
                if (w[0] < end) {
                    return true;
                }
                end = Math.max(end, w[1]);
            }
        }
        return false;
    }
}
