package org.gpusched.timepart;

import java.util.List;

/**
 * Where a slanted fixed point of {@link OffsetBased} got to: V per flow, and x per flow and
 * candidate step. The iteration only climbs, so a busy period's length, and job p + 1 after job p,
 * go on from here.
 */
final class SlantState {
    final long[] v;
    final long[][] x;

    SlantState(List<Flow> flows) {
        v = new long[flows.size()];
        x = flows.stream().map(f -> new long[f.steps().size()]).toArray(long[][]::new);
    }
}
