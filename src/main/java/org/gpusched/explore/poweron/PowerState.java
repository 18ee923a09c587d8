package org.gpusched.explore.poweron;

import java.util.Arrays;

/**
 * A frame start of the power-on search: time t and completed kernels per task, both relative to
 * a hyperperiod boundary (the boundary's multiple of H and of each task's kernels per H taken
 * off). Equal states have equal futures: releases repeat every H.
 */
final class PowerState {
    final long t;
    private final int[] counts;
    private final int hash;

    PowerState(long t, int[] counts) {
        this.t = t;
        this.counts = counts;
        this.hash = 31 * Long.hashCode(t) + Arrays.hashCode(counts);
    }

    int count(int i) {
        return counts[i];
    }

    int[] counts() {
        return counts.clone();
    }

    /** Kernels completed since the boundary (comparable within one hyperperiod's search). */
    long done() {
        return Arrays.stream(counts).asLongStream().sum();
    }

    /** The same state one hyperperiod earlier: what a boundary state is keyed by. */
    PowerState shiftBack(long h, int[] perHyperperiod) {
        int[] c = counts.clone();
        for (int i = 0; i < c.length; i++) {
            c[i] -= perHyperperiod[i];
        }
        return new PowerState(t - h, c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PowerState s && s.t == t && Arrays.equals(s.counts, counts);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "(" + t + ", " + Arrays.toString(counts) + ")";
    }
}
