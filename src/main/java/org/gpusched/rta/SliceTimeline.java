package org.gpusched.rta;

import java.util.ArrayList;
import java.util.List;

/** Collects simulator slices, merging a slice with the previous one of its resource when they continue each other. */
final class SliceTimeline {
    private final RtaWorkload w;
    private final List<SimSlice> slices = new ArrayList<>();
    private final java.util.Map<String, Integer> lastOf = new java.util.HashMap<>();

    SliceTimeline(RtaWorkload w) {
        this.w = w;
    }

    void add(String resource, int task, int index, String what, long from, long to) {
        if (to <= from) {
            return;
        }
        String name = w.tasks().get(task).name();
        Integer last = lastOf.get(resource);
        if (last != null) {
            SimSlice s = slices.get(last);
            if (s.to() == from && s.task().equals(name) && s.index() == index && s.what().equals(what)) {
                slices.set(last, new SimSlice(resource, name, index, what, s.from(), to));
                return;
            }
        }
        lastOf.put(resource, slices.size());
        slices.add(new SimSlice(resource, name, index, what, from, to));
    }

    List<SimSlice> slices() {
        return List.copyOf(slices);
    }
}
