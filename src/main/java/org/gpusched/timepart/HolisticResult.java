package org.gpusched.timepart;

import java.util.List;
import java.util.OptionalLong;

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
    public OptionalLong minSlack() {
        List<OptionalLong> judged = flows.stream().filter(f -> f.schedulable() != null).map(FlowBound::slack).toList();
        return judged.contains(OptionalLong.empty()) ? OptionalLong.empty()
                : judged.stream().mapToLong(OptionalLong::getAsLong).min();
    }
}
