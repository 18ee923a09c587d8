package org.gpusched.explore.result;

import java.util.List;

/**
 * Why a task set is not schedulable: the deepest path any search reached, the state it ends in,
 * and, for the jobs ready there, why none can meet its deadline.
 */
public record Witness(List<Frame> path, long time, int jobsDone, int jobsTotal, List<String> reasons) {
    public Witness {
        path = List.copyOf(path);
        reasons = List.copyOf(reasons);
    }
}
