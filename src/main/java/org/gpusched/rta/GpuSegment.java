package org.gpusched.rta;

/** One GPU segment: misc = its CPU-side part (GCAPS' Gm), exec = pure GPU time (Ge). */
public record GpuSegment(long misc, long exec) {
    public GpuSegment {
        if (misc < 0 || exec < 0) {
            throw new IllegalArgumentException("GPU segment times must be >= 0, got misc " + misc + ", exec " + exec);
        }
    }

    /** G_{i,j} = Gm + Ge. */
    public long total() {
        return Math.addExact(misc, exec);
    }
}
