package org.gpusched.experiment;

import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.pbs.PbsQuestion;

import java.time.Duration;
import java.util.Locale;

/** Runs GPUSched and the two EDF baselines on one set. */
final class SetRunner {
    private SetRunner() { }

    record Result(Verdict gpusched, boolean edfSerial, boolean edfParallel, double timeMs, long vertices, int jobs) { }

    static Result run(TaskSet ts, Duration timeLimit, boolean baselines) {
        Options opt = Options.defaults().withBudget(Options.DEFAULT_MAX_STATES, timeLimit);
        Analysis a = PbsQuestion.steadyState(ts, opt, opt.budget().start());
        boolean serial = baselines && new EdfBaseline(ts, EdfBaseline.Kind.SERIAL).run().schedulable();
        boolean parallel = baselines && new EdfBaseline(ts, EdfBaseline.Kind.PARALLEL).run().schedulable();
        return new Result(a.verdict(), serial, parallel, a.stats().elapsedMillis(), a.stats().vertices(),
                ts.jobCount());
    }

    static String word(Verdict v) {
        return switch (v) {
            case SCHEDULABLE -> "yes";
            case NOT_SCHEDULABLE -> "no";
            case INCONCLUSIVE -> "inconclusive";
        };
    }

    static String word(boolean b) {
        return b ? "yes" : "no";
    }

    static String ms(double ms) {
        return String.format(Locale.ROOT, "%.3f", ms);
    }
}
