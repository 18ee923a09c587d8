package org.gpusched.policy;

import java.util.Locale;

/** What "schedulable" means for a method: the reports say it next to every verdict. */
public enum Evidence {
    /** An exact decision: a schedule exists (and is shown) or provably none does. */
    EXACT("exact decision (a schedule exists, or provably none does)"),
    /** A sufficient test: every bound is safe; "not schedulable" may be pessimistic. */
    BOUND("sufficient test (safe response-time bounds; a fail may be pessimistic)"),
    /** A simulation with worst-case times over the hyperperiod: not a proof for shorter times. */
    SIMULATION("simulation with worst-case times (not a proof)");

    private final String meaning;

    Evidence(String meaning) {
        this.meaning = meaning;
    }

    public String json() { return name().toLowerCase(Locale.ROOT); }

    public String meaning() { return meaning; }
}
