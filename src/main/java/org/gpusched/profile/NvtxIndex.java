package org.gpusched.profile;

import org.gpusched.input.NsysMap;
import org.gpusched.input.NsysTrace;

import java.util.*;

/**
 * Answers "does an NVTX range whose text the rule's expression finds enclose this launch on this
 * thread?" in logarithmic time: per rule and thread, the matching ranges sorted by start with the
 * running maximum of their ends, so the ranges starting at or before the launch enclose it exactly
 * when that maximum reaches it. Built once per trace (each distinct text searched once per rule),
 * it keeps the import near-linear where a scan of every range per kernel is quadratic.
 * {@link #steps} counts the work (ranges indexed, texts searched, bisection steps) for the scale test.
 */
final class NvtxIndex {
    /** The ranges of one thread that one rule matches: starts ascending, the largest end up to each. */
    private record Sweep(long[] starts, long[] maxEnd) { }

    private final Map<NsysMap.Rule, Map<Long, Sweep>> byRule = new IdentityHashMap<>();
    private long steps;

    NvtxIndex(List<NsysMap.Rule> rules, List<NsysTrace.Range> ranges) {
        for (NsysMap.Rule r : rules) {
            if (r.by() != NsysMap.By.NVTX) {
                continue;
            }
            Map<String, Boolean> found = new HashMap<>();
            Map<Long, List<NsysTrace.Range>> threads = new HashMap<>();
            for (NsysTrace.Range g : ranges) {
                steps++;
                if (found.computeIfAbsent(g.text(), t -> {
                    steps++;
                    return r.finds(t);
                })) {
                    threads.computeIfAbsent(g.tid(), t -> new ArrayList<>()).add(g);
                }
            }
            Map<Long, Sweep> sweeps = new HashMap<>();
            threads.forEach((tid, list) -> {
                list.sort((a, b) -> Long.compare(a.start(), b.start()));
                steps += list.size();
                long[] starts = new long[list.size()];
                long[] maxEnd = new long[list.size()];
                long max = Long.MIN_VALUE;
                for (int i = 0; i < starts.length; i++) {
                    starts[i] = list.get(i).start();
                    max = Math.max(max, list.get(i).end());
                    maxEnd[i] = max;
                }
                sweeps.put(tid, new Sweep(starts, maxEnd));
            });
            byRule.put(r, sweeps);
        }
    }

    /** Whether a range of {@code tid} that {@code rule} matches holds {@code at} (start <= at <= end). */
    boolean encloses(NsysMap.Rule rule, long tid, long at) {
        Sweep s = byRule.getOrDefault(rule, Map.of()).get(tid);
        if (s == null) {
            return false;
        }
        int lo = 0;
        int hi = s.starts().length;
        // The number of ranges that start at or before the launch.
        while (lo < hi) {
            steps++;
            int mid = (lo + hi) >>> 1;
            if (s.starts()[mid] <= at) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo > 0 && s.maxEnd()[lo - 1] >= at;
    }

    long steps() {
        return steps;
    }
}
