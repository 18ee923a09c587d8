package org.gpusched.policy;

import org.gpusched.model.Budget;
import org.gpusched.model.Workload;

/**
 * One way of judging a workload: a GPU scheduling policy and its analysis. Stable {@link #id()}s
 * are the papers' names; {@code gpusched methods} lists them with {@link #description()} and
 * {@link #source()}.
 */
public interface Method {
    String id();

    /** One line: the policy and the analysis. */
    String description();

    /** The paper (or "ours") the method comes from. */
    String source();

    Evidence evidence();

    /** Whether the workload carries what this method needs; never throws for a valid workload. */
    Applicability applicability(Workload w);

    /**
     * Runs the method on a workload it applies to, under a running budget (--time-limit,
     * --max-states, heap): one meter may be shared by several methods, as compare does per file.
     * Running out is an {@link Outcome#INCONCLUSIVE} result, never an exception.
     */
    MethodResult run(Workload w, RunOptions options, Budget.Meter meter);

    /** As {@link #analyze(Workload, RunOptions, Budget.Meter)} under a budget of its own. */
    default MethodResult analyze(Workload w, RunOptions options) {
        return analyze(w, options, options.explore().budget().start());
    }

    /** Runs the method, or returns its not-applicable result with the reason. */
    default MethodResult analyze(Workload w, RunOptions options, Budget.Meter meter) {
        Applicability a = applicability(w);
        return a.applies() ? run(w, options, meter) : MethodResult.notApplicable(this, a.reason());
    }
}
