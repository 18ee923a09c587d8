package org.gpusched.copyexec;

/** The three operations of a copy/execute job, in stream order. */
public enum OperationKind {
    H2D("h2d"), KERNEL("kernel"), D2H("d2h");

    private final String json;

    OperationKind(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
