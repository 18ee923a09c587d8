package org.gpusched.copyexec;

import java.util.Locale;

/** The three operations of a copy/execute job, in stream order. */
public enum OperationKind {
    H2D, KERNEL, D2H;

    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
