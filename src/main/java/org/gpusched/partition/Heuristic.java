package org.gpusched.partition;

import java.util.Locale;

/**
 * One of the paper's heuristics: the partner order (SMS: smallest merged size, by trial merges; BF:
 * best fit, the partner of smallest utilisation) and whether the forbidden list is filled first
 * (ACT: every pair of tasks that cannot merge; INA: empty), or the 1G baseline (one partition of M).
 */
public enum Heuristic {
    SMS_ACT("sms-act"), SMS_INA("sms-ina"), BF_ACT("bf-act"), BF_INA("bf-ina"), ONE_G("1g");

    private final String id;

    Heuristic(String id) { this.id = id; }

    /** "sms-act", ..., "1g". */
    public String id() { return id; }

    public boolean sms() { return this == SMS_ACT || this == SMS_INA; }

    public boolean act() { return this == SMS_ACT || this == BF_ACT; }

    public String paperName() {
        return this == ONE_G ? "1G" : id.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
