package org.gpusched.rta;

/** CPU: GPU priorities as given (by default the CPU's deadline-monotonic order); AUDSLEY: the paper's search when those fail. */
public enum GpuPriorityMode { CPU, AUDSLEY }
