package org.gpusched.timepart;

import java.util.List;
import java.util.OptionalLong;

/**
 * What the analysis knows about one flow. Times are from the flow's nominal release.
 *
 * @param wcrt        end-to-end worst-case response time; empty when past the deadline ("> D")
 * @param best        best-case end-to-end response time
 * @param jitter      output jitter, wcrt − best; empty with wcrt
 * @param slack       deadline − wcrt; empty with wcrt
 * @param schedulable null for a best-effort flow (not judged)
 * @param steps       per step: its worst-case completion, empty when past the deadline
 */
public record FlowBound(String flow, OptionalLong wcrt, long best, OptionalLong jitter, OptionalLong slack,
                        Boolean schedulable, boolean bestEffort, List<OptionalLong> steps) {
    public FlowBound {
        steps = List.copyOf(steps);
    }
}
