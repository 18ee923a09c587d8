package org.gpusched.model;

/**
 * One kernel of the task set as the oracle and the interference model see it: the kernels of
 * every chain numbered in task order (a v1 set's units are its tasks, in the same order).
 *
 * @param tail the summed wcet of the kernels after this one in its chain (0 for the last)
 * @param last whether this is the last kernel of its chain (the one the job's deadline applies to)
 */
public record Unit(int index, int task, int stage, String name, long wcet, Kernel kernel, long tail, boolean last) { }
