package org.gpusched.rta;

import java.util.OptionalLong;

/**
 * responseTime empty: the fixed point exceeded the deadline (reported as "> D"); bestEffort tasks
 * are not judged (schedulable = true, responseTime may be empty).
 */
public record TaskBound(String task, OptionalLong responseTime, boolean schedulable, boolean bestEffort) {
    public TaskBound {
        if (bestEffort && !schedulable) {
            throw new IllegalArgumentException(task + ": a best-effort task is never judged unschedulable");
        }
    }
}
