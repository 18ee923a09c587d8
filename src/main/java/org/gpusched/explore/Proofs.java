package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;

import java.time.Duration;

/**
 * Re-decides a refutation of the window relaxation or of the solver by the exhaustive graph
 * search alone (no greedy runs, no demand check before it, no sweep and no relaxation beside it),
 * within a budget of its own: {@link #STATES} states at most (fewer when --max-states says so),
 * and as long as the analysis took, but at least {@link #FLOOR} and at most {@link #TIME}, and never
 * more than {@link #SHARE} of the time the analysis left. Those refutations rest
 * on proofs in the docs; this runs the search whose verdict Theorem 3.13 ties to brute force. The
 * search agreeing confirms the refutation; its budget running out leaves it unconfirmed (the
 * verdict stands, on the strength of its proof); a schedule found is a bug in the refutation and
 * no verdict at all ({@link RefutationBug}). The demand bound is recomputed where it is found
 * ({@link DemandCheck}), and the exhaustive search is the reference itself.
 */
public final class Proofs {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Proofs.class);
    /**
     * The most states the re-check keeps: the hard-set refutations it confirms need well under this,
     * and on the sets that need more the search alone would take most of a 30 s limit on 2 vCPUs
     * (docs/explorer.md, "Refutations re-checked", has the measurements).
     */
    public static final long STATES = 2_000_000L;
    /** The share of the analysis's time left that the re-check may take, so that the command still ends in time. */
    public static final double SHARE = 0.5;
    /** The re-check's longest run. */
    public static final Duration TIME = Duration.ofSeconds(10);
    /**
     * The re-check's time when the analysis took less: a quick refutation of a set whose search
     * alone is out of reach would otherwise cost ten seconds for an "unconfirmed"; as long as the
     * analysis took (at most doubling a run) with this floor confirms the small sets, whose search
     * ends in milliseconds.
     */
    public static final Duration FLOOR = Duration.ofSeconds(1);

    private Proofs() { }

    /**
     * The analysis, its proof confirmed or left unconfirmed when the exhaustive search re-decides
     * its kind; unchanged otherwise.
     *
     * @param meter the meter the analysis ran under (its clock binds the re-check too)
     * @throws RefutationBug when the exhaustive search finds a schedule
     */
    public static Analysis confirm(TaskSet ts, Options o, Budget.Meter meter, Analysis a) {
        if (a.verdict() != Verdict.NOT_SCHEDULABLE || a.proof() == null || !a.proof().kind().searchedAgain()) {
            return a;
        }
        long analysed = meter.elapsedNanos();
        Budget budget = budget(o, meter);
        Options plain = o.withGreedyFirst(false).withEngine(EngineKind.GRAPH).withGraphLimit(0)
                .withStop(StopRule.FIRST, o.objective()).withBudget(budget);
        long t0 = System.nanoTime();
        Analysis again = new GpuSchedExplorer(ts, plain).analyze(meter.inner(budget));
        if (LOG.isInfoEnabled()) {
            LOG.info(String.format(java.util.Locale.ROOT, "re-check of the %s refutation (found in %.1f ms): %s after %d"
                    + " states in %.1f ms", a.proof().kind().words(), analysed / 1e6, again.verdict().words(),
                    again.stats().states(), (System.nanoTime() - t0) / 1e6));
        }
        return switch (again.verdict()) {
            case SCHEDULABLE -> throw new RefutationBug("the " + a.proof().kind().words() + " refuted the set, yet the"
                    + " exhaustive search found a schedule: a bug in the refutation, so no verdict");
            case NOT_SCHEDULABLE -> a.withProof(a.proof().confirmed(Proof.CONFIRMED));
            case INCONCLUSIVE -> a.withProof(a.proof().confirmed(Proof.UNCONFIRMED));
        };
    }

    /** The re-check's budget, as documented above. */
    static Budget budget(Options o, Budget.Meter meter) {
        long nanos = Math.min(TIME.toNanos(), Math.max(FLOOR.toNanos(), meter.elapsedNanos()));
        Duration left = meter.timeLeft();
        if (left != null) {
            nanos = Math.min(nanos, Math.max(1, (long) (left.toNanos() * SHARE)));
        }
        Budget limits = o.budget();
        return new Budget(Math.min(STATES, limits.maxStates()), Duration.ofNanos(nanos), limits.maxHeapFraction());
    }
}
