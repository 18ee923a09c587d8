package org.gpusched.copyexec;

/**
 * One operation of one job as it ran: on {@code lane} (a copy engine or the task's kernel lane)
 * from {@code start} to {@code end}. Zero-length operations are never issued and never listed.
 */
public record Op(int task, int job, OpKind kind, String lane, long start, long end) { }
