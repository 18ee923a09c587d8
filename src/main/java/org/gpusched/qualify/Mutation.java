package org.gpusched.qualify;

import org.gpusched.policy.Evidence;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.TaskRow;

import java.util.OptionalLong;

/**
 * A method broken on purpose, for the tests only (no command-line option sets it): qualify must
 * see it, exit 1 and keep the case, as the bound mutation tests show the property tests see a
 * broken rule. The report names a mutation whenever one is set, so no run with one can pass for a
 * real qualification.
 */
public enum Mutation {
    NONE,
    /** The exact search answers the opposite verdict. */
    EXACT_VERDICT_INVERTED,
    /** Every response-time bound is halved: an unsafe bound. */
    BOUND_HALVED;

    /** The result as the broken method would have returned it. */
    MethodResult apply(MethodResult r) {
        if (this == EXACT_VERDICT_INVERTED && r.method().equals("gpusched")) {
            Outcome o = r.outcome() == Outcome.SCHEDULABLE ? Outcome.NOT_SCHEDULABLE
                    : r.outcome() == Outcome.NOT_SCHEDULABLE ? Outcome.SCHEDULABLE : r.outcome();
            return new MethodResult(r.method(), o, r.reason(), r.evidence(), r.tasks(), r.detail(), r.elapsedNanos());
        }
        if (this == BOUND_HALVED && r.evidence() == Evidence.BOUND) {
            return new MethodResult(r.method(), r.outcome(), r.reason(), r.evidence(), r.tasks().stream()
                    .map(t -> new TaskRow(t.task(), t.responseTime().isPresent()
                            ? OptionalLong.of(t.responseTime().getAsLong() / 2) : t.responseTime(), t.schedulable(),
                            t.bestEffort())).toList(), r.detail(), r.elapsedNanos());
        }
        return r;
    }
}
