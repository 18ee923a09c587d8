package org.gpusched.policy;

/** Whether a method applies to a workload, and if not, why (one line, naming the task or field). */
public record Applicability(boolean applies, String reason) {
    private static final Applicability YES = new Applicability(true, null);

    public Applicability {
        if (applies == (reason != null)) {
            throw new IllegalArgumentException("a reason exactly when not applicable");
        }
    }

    public static Applicability yes() {
        return YES;
    }

    public static Applicability no(String reason) {
        return new Applicability(false, reason);
    }
}
