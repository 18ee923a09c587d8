package org.gpusched.model;

import java.util.List;
import java.util.Locale;

/**
 * How a task's kernel time scales with the SMs it gets (SM partitioning, sm-partitioning.md).
 *
 * @param parallel      amdahl: the parallel part, measured on {@code measuredOnSms} SMs
 * @param serial        amdahl: the serial part
 * @param measuredOnSms amdahl: the SM count the parts were measured on
 * @param points        table: (sms, time) in increasing sms; empty for the other models
 */
public record Scaling(Model model, long parallel, long serial, long measuredOnSms, List<Point> points) {

    public enum Model {
        AMDAHL, TABLE, WAVES;

        public String json() { return name().toLowerCase(Locale.ROOT); }
    }

    /** Execution time {@code time} on {@code sms} SMs. */
    public record Point(long sms, long time) { }

    public Scaling {
        points = List.copyOf(points);
    }
}
