package org.gpusched.explore.result;

/** The answer of an analysis, with the process exit code scripts gate on. */
public enum Verdict {
    SCHEDULABLE(0, "schedulable"),
    NOT_SCHEDULABLE(1, "not schedulable"),
    INCONCLUSIVE(3, "inconclusive");

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
