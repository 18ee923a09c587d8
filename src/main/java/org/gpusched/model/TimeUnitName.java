package org.gpusched.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The unit of every time value in a task set; only used for display and by the player. */
public enum TimeUnitName {
    TICK(0),
    NS(1),
    US(1_000),
    MS(1_000_000),
    S(1_000_000_000);

    private final long nanos;

    TimeUnitName(long nanos) {
        this.nanos = nanos;
    }

    public String json() { return name().toLowerCase(Locale.ROOT); }

    /** Nanoseconds per tick; 0 for abstract ticks (the player then needs an explicit scale). */
    public long nanos() { return nanos; }

    public static Optional<TimeUnitName> parse(String s) {
        return Arrays.stream(values()).filter(u -> u.json().equals(s)).findFirst();
    }
}
