package org.gpusched.explore.result;

import org.gpusched.model.ExitCodes;

/** The answer of an analysis, with the process exit code scripts gate on. */
public enum Verdict {
    SCHEDULABLE(ExitCodes.OK, "schedulable"),
    NOT_SCHEDULABLE(ExitCodes.NOT_SCHEDULABLE, "not schedulable"),
    INCONCLUSIVE(ExitCodes.INCONCLUSIVE, "inconclusive");

    private final int exitCode;
    private final String words;

    Verdict(int exitCode, String words) {
        this.exitCode = exitCode;
        this.words = words;
    }

    public int exitCode() { return exitCode; }

    public String words() { return words; }

    /** true / false / null (inconclusive), as the JSON output has it. */
    public Boolean asBoolean() {
        return this == INCONCLUSIVE ? null : this == SCHEDULABLE;
    }
}
