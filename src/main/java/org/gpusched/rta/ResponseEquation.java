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

    /** f(R) for task i: its own time plus every interference and blocking term, saturating. */
    abstract long rhs(AnalysisState x, int i, long r);

    static ResponseEquation of(RtaMethod m) {
        return switch (m) {
            case TSG_RR_BUSY -> new TsgRr(false);
            case TSG_RR_SUSPEND -> new TsgRr(true);
            case GCAPS_BUSY -> new Gcaps(false);
            case GCAPS_SUSPEND -> new Gcaps(true);
            case MPCP_BUSY -> new Mpcp(false);
            case MPCP_SUSPEND -> new Mpcp(true);
            case FMLP_PLUS_BUSY -> new FmlpPlus(false);
            case FMLP_PLUS_SUSPEND -> new FmlpPlus(true);
        };
    }
}
