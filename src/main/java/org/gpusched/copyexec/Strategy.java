package org.gpusched.copyexec;

import java.util.Arrays;
import java.util.Locale;

/**
 * The four CPU-side copy/execute schedulers of Muyan-Özçelik and Owens (CCPE 2017, section 4), as
 * copy-execute.md fixes them. Each loops over batches of at most two jobs.
 */
public enum Strategy {
    /** One job at a time: H2D, kernel, D2H strictly in sequence. */
    TRADITIONAL,
    /** One job's copies overlap the other's kernel; kernels never run at the same time. */
    INTERLEAVE,
    /** As interleave, and the two kernels may run concurrently when the pair is eligible. */
    CONCURRENT,
    /** As concurrent, and the D2H of whichever kernel finishes first is issued first. */
    ORDER;

    /** "traditional", ...: the name in methods, options and reports. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether kernels of a batch may overlap (needs the oracle's eligibility and launch shapes). */
    public boolean concurrentKernels() {
        return this == CONCURRENT || this == ORDER;
    }

    public static Strategy parse(String s) {
        return Arrays.stream(values()).filter(x -> x.id().equals(s)).findFirst().orElseThrow(
                () -> new IllegalArgumentException("'" + s + "' is not traditional, interleave, concurrent or order"));
    }
}
