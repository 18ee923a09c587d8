package org.gpusched.policy;

import java.util.List;

/**
 * The common result every method returns and every report format renders.
 *
 * @param reason why not applicable, a budget that was hit, or another remark; null when none
 * @param tasks  per-task rows in input order (empty when the method knows nothing per task)
 */
public record MethodResult(String method, Outcome outcome, String reason, Evidence evidence, List<TaskRow> tasks,
                           Detail detail, long elapsedNanos) {
    public MethodResult {
        tasks = List.copyOf(tasks);
        if (outcome == Outcome.NOT_APPLICABLE && reason == null) {
            throw new IllegalArgumentException("a not-applicable result needs its reason");
        }
    }

    /** Inconclusive: a budget ran out (one shared with earlier methods, as compare does, may be spent before it starts). */
    public static MethodResult spent(Method m, String over) {
        return new MethodResult(m.id(), Outcome.INCONCLUSIVE, over, m.evidence(), List.of(), Detail.Facts.NONE, 0);
    }

    public static MethodResult notApplicable(Method m, String reason) {
        return new MethodResult(m.id(), Outcome.NOT_APPLICABLE, reason, m.evidence(), List.of(), Detail.Facts.NONE, 0);
    }
}
