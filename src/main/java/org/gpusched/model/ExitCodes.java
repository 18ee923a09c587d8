package org.gpusched.model;

/** Process exit codes, the same for every command. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int NOT_SCHEDULABLE = 1;
    public static final int INVALID = 2;
    public static final int INCONCLUSIVE = 3;
    public static final int INTERNAL = 70;

    private ExitCodes() { }

    /**
     * The worst of two codes, for commands over several files: internal error, then invalid
     * input, then not schedulable (a definite no), then inconclusive, then success.
     */
    public static int worst(int a, int b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(int code) {
        return switch (code) {
            case OK -> 0;
            case INCONCLUSIVE -> 1;
            case NOT_SCHEDULABLE -> 2;
            case INVALID -> 3;
            default -> 4;
        };
    }
}
