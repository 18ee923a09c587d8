package org.gpusched.policy;

import org.gpusched.model.ExitCodes;

/** A method's verdict on a workload, with the exit code {@code analyze} gives it. */
public enum Outcome {
    SCHEDULABLE(ExitCodes.OK, "schedulable"),
    NOT_SCHEDULABLE(ExitCodes.NOT_SCHEDULABLE, "not schedulable"),
    INCONCLUSIVE(ExitCodes.INCONCLUSIVE, "inconclusive"),
    /** The workload lacks what the method needs; the result's reason says what. */
    NOT_APPLICABLE(ExitCodes.INVALID, "n/a");

    private final int exitCode;
    private final String words;

    Outcome(int exitCode, String words) {
        this.exitCode = exitCode;
        this.words = words;
    }

    public int exitCode() { return exitCode; }

    public String words() { return words; }

    /** true / false / null (inconclusive or not applicable), as the JSON reports have it. */
    public Boolean asBoolean() {
        return this == SCHEDULABLE ? Boolean.TRUE : this == NOT_SCHEDULABLE ? Boolean.FALSE : null;
    }
}
