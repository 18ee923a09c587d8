package org.gpusched.model;

/**
 * One kernel of a task's chain: a job runs its stages in order on the task's stream, stage k + 1
 * only after the frame that ran stage k has ended. A v1 task is a chain of one stage.
 *
 * @param name   the kernel's name within its task (the unit is called {@code task.name} when the
 *               chain has several kernels, plain {@code task} when it has one)
 * @param wcet   worst-case time of this kernel alone on the GPU
 * @param kernel launch shape, or null when the GPU has no limits
 */
public record Stage(String name, long wcet, Kernel kernel) { }
