package org.gpusched.rta;

/**
 * One scheduler family's response-time equation, R = f(R), in pyCPA style, for busy-waiting or
 * self-suspending ({@code suspend}) CPU sides.
 */
abstract class ResponseEquation {
    final boolean suspend;

    ResponseEquation(boolean suspend) {
        this.suspend = suspend;
    }

    /** The term the fixed point starts from and that f never goes below: C_i + G_i unless a family adds to it. */
    long own(AnalysisState x, int i) {
        return x.c[i] + x.g[i];
    }

    /**
     * Whether f counts a lower-priority task's jobs as if each ended within its period: then the driver
     * tells it ({@link AnalysisState#late}) which tasks have no bound within their period.
     */
    boolean countsLowerJobs() {
        return false;
    }

    /** f(R) for task i: its own time plus every interference and blocking term, saturating. */
    abstract long rhs(AnalysisState x, int i, long r);

    static ResponseEquation of(RtaMethod m) {
        boolean suspend = m.suspends();
        return switch (m) {
            case TSG_RR_BUSY, TSG_RR_SUSPEND -> new TsgRr(suspend);
            case GCAPS_BUSY, GCAPS_SUSPEND -> new Gcaps(suspend);
            case MPCP_BUSY, MPCP_SUSPEND -> new Mpcp(suspend);
            case FMLP_PLUS_BUSY, FMLP_PLUS_SUSPEND -> new FmlpPlus(suspend);
        };
    }
}
