package org.gpusched.timepart;

import java.util.List;

/**
 * The holistic analysis of a set of flows: one bound per flow, in input order.
 *
 * @param rounds global rounds of the jitter fixed point (time-partitioning.md, step 4)
 */
public record HolisticResult(List<FlowBound> flows, int rounds) {
    public HolisticResult {
        flows = List.copyOf(flows);
    }

    /** Every judged flow meets its deadline. */
    public boolean schedulable() {
        return flows.stream().allMatch(f -> f.schedulable() == null || f.schedulable());
    }

    /** The least slack over judged flows; empty when one of them has no bound. */
    public java.util.OptionalLong minSlack() {
        long min = Long.MAX_VALUE;
        for (FlowBound f : flows) {
            if (f.schedulable() == null) {
                continue;
            }
            if (f.slack().isEmpty()) {
                return java.util.OptionalLong.empty();
            }
            min = Math.min(min, f.slack().getAsLong());
        }
        return min == Long.MAX_VALUE ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(min);
    }
}
