package org.gpusched.explore.result;

import java.util.List;

/** One scheduling frame: a batch submitted at {@code start} (in this order), all done at {@code end}. */
public record Frame(long start, long end, List<JobRef> batch) {
    public Frame {
        batch = List.copyOf(batch);
    }
}
