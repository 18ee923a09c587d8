package org.gpusched.explore.result;

/**
 * A refutation that its re-check contradicted: the exhaustive search found a schedule of a set a
 * necessary condition or the solver called not schedulable, or the demand bound's arithmetic did
 * not recompute. The verdict would have been wrong, so there is none: the run ends as an internal
 * error (exit 70), never as "not schedulable".
 */
public final class RefutationBug extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public RefutationBug(String message) {
        super(message);
    }
}
