package org.gpusched.player;

/** How the player paces the table (paper, section 4.1). */
public enum Mode {
    /** Entry k starts at its planned time (never before the previous batch ended). */
    TIME_TRIGGERED,
    /** Entry k starts as soon as the previous batch ended and all its jobs are released. */
    RECLAIM;

    public String cli() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
