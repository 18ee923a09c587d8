package org.gpusched.policy;

import org.gpusched.baseline.OnlineEdfGraph;
import org.gpusched.model.Budget;
import org.gpusched.model.Watch;
import org.gpusched.model.Workload;

import java.util.ArrayList;
import java.util.List;

/** {@code compare}: the chosen methods side by side on one workload. */
public final class Comparison {
    private Comparison() {
    }

    /** Each method's result in order, and whether any analysis ran out of its budget (exit 3). */
    public record Result(List<MethodResult> results, boolean inconclusive) {
        public Result {
            results = List.copyOf(results);
        }
    }

    /**
     * Runs {@code methods} on {@code w} under one meter: the budgets bind all the methods of one
     * workload together. Unless the user named the methods ({@code named}), the time-triggered EDF
     * rules are left out where they cannot differ from the online ones (no jitter): same answer twice.
     * {@code watch} (null: none) is kept up to date.
     */
    public static Result of(Workload w, List<Method> methods, boolean named, RunOptions options, Watch watch) {
        List<MethodResult> results = new ArrayList<>();
        boolean inconclusive = false;
        Budget.Meter meter = options.explore().budget().start(watch);
        for (Method m : methods) {
            if (!named && PbsFamily.timeTriggeredEdf(m) && (w.pbs() == null || !OnlineEdfGraph.differs(w.pbs()))) {
                continue;
            }
            if (watch != null) {
                watch.reset(m.id());
            }
            MethodResult r = m.analyze(w, options, meter);
            results.add(r);
            inconclusive |= r.outcome() == Outcome.INCONCLUSIVE;
        }
        return new Result(results, inconclusive);
    }
}
