package org.gpusched.baseline;

import org.gpusched.explore.Frame;

import java.util.List;

/** A baseline's whole-hyperperiod simulation: every frame it ran and every miss, first miss first. */
public record BaselineResult(String method, List<Frame> frames, List<Miss> misses, long elapsedNanos) {
    public BaselineResult {
        frames = List.copyOf(frames);
        misses = List.copyOf(misses);
    }

    public boolean schedulable() {
        return misses.isEmpty();
    }
}
