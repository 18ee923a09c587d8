package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;

import java.util.List;

/**
 * A baseline's whole-hyperperiod simulation: the frames it ran and the misses, first miss first,
 * with their counts. A streamed run (more jobs than are kept) holds no frame and only the first
 * misses; its counts are still exact.
 */
public record BaselineResult(String method, List<Frame> frames, List<Miss> misses, long elapsedNanos,
                             long frameCount, long missCount) {
    public BaselineResult {
        frames = List.copyOf(frames);
        misses = List.copyOf(misses);
    }

    public boolean schedulable() {
        return missCount == 0;
    }

    /** Whether the frames were streamed by and not kept. */
    public boolean streamed() {
        return frames.size() < frameCount;
    }
}
