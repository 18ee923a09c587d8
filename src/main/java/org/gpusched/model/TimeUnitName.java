package org.gpusched.model;

import java.util.Arrays;
import java.util.Optional;

/** The unit of every time value in a task set; only used for display and by the player. */
public enum TimeUnitName {
    TICK("tick", 0),
    NS("ns", 1),
    US("us", 1_000),
    MS("ms", 1_000_000),
    S("s", 1_000_000_000);

    private final String json;
    private final long nanos;

    TimeUnitName(String json, long nanos) {
        this.json = json;
        this.nanos = nanos;
    }

    public String json() { return json; }

    /** Nanoseconds per tick; 0 for abstract ticks (the player then needs an explicit scale). */
    public long nanos() { return nanos; }

    public static Optional<TimeUnitName> parse(String s) {
        return Arrays.stream(values()).filter(u -> u.json.equals(s)).findFirst();
    }
}
