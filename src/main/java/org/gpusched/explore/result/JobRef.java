package org.gpusched.explore.result;

/**
 * Kernel {@code stage} of job {@code job} (0-based, in release order) of task index {@code task};
 * stage 0 for a task of one kernel.
 */
public record JobRef(int task, int job, int stage) { }
