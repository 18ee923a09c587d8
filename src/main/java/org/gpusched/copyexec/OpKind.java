package org.gpusched.copyexec;

/** The three operations of a copy/execute job, in stream order. */
public enum OpKind {
    H2D("h2d"), KERNEL("kernel"), D2H("d2h");

    private final String json;

    OpKind(String json) {
        this.json = json;
    }

    public String json() {
        return json;
    }
}
