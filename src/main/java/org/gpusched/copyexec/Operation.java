package org.gpusched.copyexec;

import java.util.Comparator;

/**
 * One operation of one job as it ran: on {@code lane} (a copy engine or the task's kernel lane)
 * from {@code start} to {@code end}. Zero-length operations are never issued and never listed.
 */
public record Operation(int task, int job, OperationKind kind, String lane, long start, long end) {
    /** The order timelines list operations in: by start, end, task, job, kind (a total order). */
    public static final Comparator<Operation> TIMELINE = Comparator.comparingLong(Operation::start)
            .thenComparingLong(Operation::end).thenComparingInt(Operation::task).thenComparingInt(Operation::job)
            .thenComparing(Operation::kind);
}
