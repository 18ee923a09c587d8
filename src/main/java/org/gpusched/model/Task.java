package org.gpusched.model;

/** A periodic GPU task: period T, constrained deadline D <= T, isolated WCET C, offset 0. */
public record Task(int index, String name, long period, long deadline, long wcet, Kernel kernel) {

    public double utilization() {
        return (double) wcet / period;
    }
}
