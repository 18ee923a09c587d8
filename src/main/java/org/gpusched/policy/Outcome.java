package org.gpusched.policy;

/** A method's verdict on a workload, with the exit code {@code analyze} gives it. */
public enum Outcome {
    SCHEDULABLE(0, "schedulable"),
    NOT_SCHEDULABLE(1, "not schedulable"),
    INCONCLUSIVE(3, "inconclusive"),
    /** The workload lacks what the method needs; the result's reason says what. */
    NOT_APPLICABLE(2, "n/a");

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
