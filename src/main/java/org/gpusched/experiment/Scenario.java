package org.gpusched.experiment;

import java.util.Arrays;
import java.util.Locale;

/**
 * The interference scenarios of the paper's section 6.1. The paper's text prints the ranges as
 * "[1,1,4]", "[1,7,1,9]" and "[1,1,1,9]" (decimal commas lost in extraction); we read them as
 * [1.1, 1.4], [1.7, 1.9] and [1.1, 1.9].
 */
public enum Scenario {
    SMALL(1.1, 1.4), LARGE(1.7, 1.9), MIXED(1.1, 1.9);

    private final double low;
    private final double high;

    Scenario(double low, double high) {
        this.low = low;
        this.high = high;
    }

    public double low() { return low; }

    public double high() { return high; }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Scenario parse(String s) {
        return Arrays.stream(values()).filter(sc -> sc.id().equals(s.trim().toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + s + "' is not one of small, large, mixed"));
    }
}
