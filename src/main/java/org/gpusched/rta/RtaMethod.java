package org.gpusched.rta;

import java.util.Arrays;
import java.util.Optional;

/** The eight analyses of gcaps-rta.md: four GPU-sharing schemes, each busy-waiting or self-suspending. */
public enum RtaMethod {
    TSG_RR_BUSY("tsg-rr-busy"), TSG_RR_SUSPEND("tsg-rr-suspend"), GCAPS_BUSY("gcaps-busy"),
    GCAPS_SUSPEND("gcaps-suspend"), MPCP_BUSY("mpcp-busy"), MPCP_SUSPEND("mpcp-suspend"),
    FMLP_PLUS_BUSY("fmlp+-busy"), FMLP_PLUS_SUSPEND("fmlp+-suspend");

    private final String id;

    RtaMethod(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<RtaMethod> byId(String id) {
        return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst();
    }

    /** True for the self-suspension variants (the CPU is released during GPU execution). */
    public boolean suspends() {
        return id.endsWith("-suspend");
    }

    /** True for GCAPS, the only family with GPU priorities that Audsley's assignment can change. */
    public boolean gcaps() {
        return this == GCAPS_BUSY || this == GCAPS_SUSPEND;
    }
}
