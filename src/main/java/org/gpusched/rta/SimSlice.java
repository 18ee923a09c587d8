package org.gpusched.rta;

/**
 * A timeline entry: resource ("cpu0", "cpu1", …, "gpu") busy from {@code from} to {@code to} for
 * job {@code index} of {@code task} doing {@code what}: "cpu" (a CPU segment or a GPU segment's misc
 * part), "update" (a GCAPS runlist update), "spin" (busy-waiting for the GPU), "gpu" (GPU execution)
 * or "switch" (a TSG context switch towards {@code task}).
 */
public record SimSlice(String resource, String task, int index, String what, long from, long to) { }
