package org.gpusched.copyexec;

/**
 * One operation of one job as it ran: on {@code lane} (a copy engine or the task's kernel lane)
 * from {@code start} to {@code end}. Zero-length operations are never issued and never listed.
 */
public record Op(int task, int job, OperationKind kind, String lane, long start, long end) {
    /** The order timelines list operations in: by start, end, task, job, kind (a total order). */
    public static final java.util.Comparator<Op> TIMELINE = java.util.Comparator.comparingLong(Op::start)
            .thenComparingLong(Op::end).thenComparingInt(Op::task).thenComparingInt(Op::job)
            .thenComparing(Op::kind);
}
