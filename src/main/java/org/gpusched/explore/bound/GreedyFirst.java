package org.gpusched.explore.bound;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Trail;
import org.gpusched.explore.job.WitnessPaths;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What is decided before any search: the global demand check, which refutes
 * a set whose jobs cannot fit by some deadline however they are batched, and the greedy runs,
 * whose first complete run is a schedule. A run is accepted only after a replay that checks it as
 * {@code TableChecker} checks a table (back-to-back frames, released jobs in release order, an
 * eligible set, the model's completion, every deadline, every job once), so a bug in a policy can
 * cost time but never a wrong verdict.
 */
public final class GreedyFirst {
    private static final Logger LOG = LoggerFactory.getLogger(GreedyFirst.class);
    private final Oracle oracle;
    private final JobModel jm;
    private final long t0 = System.nanoTime();
    /** The valid runs that missed a deadline, up to their miss: seeds of the depth-first search. */
    private final List<GreedyRuns.Run> prefixes = new ArrayList<>();

    /** Who found a schedule of the randomised restarts ({@link RestartRuns}). */
    public static final String RESTARTS = "greedy restarts";
    /** Frames the restarts may enter in all: about two seconds on 32-task sets on one core. */
    static final long RESTART_STEPS = 20_000;

    /** The bounds of the look-ahead policies; null where no policy runs (replay and reporting only). */
    private final Supplier<LiveBound> live;

    public GreedyFirst(Oracle oracle, JobModel jm) {
        this(oracle, jm, null);
    }

    private GreedyFirst(Oracle oracle, JobModel jm, Supplier<LiveBound> live) {
        this.live = live;
        this.oracle = oracle;
        this.jm = jm;
    }

    /** What the checks before a search decided ({@code decided}, else null) and the runs that seed the search. */
    public record Start(Analysis decided, List<GreedyRuns.Run> seeds) { }

    /**
     * The checks before a search: the demand bound's refutation, then (with {@code schedule}) the
     * greedy policies' schedule; when neither decides, the greedy runs' prefixes seed the search.
     */
    public static Start start(TaskSet ts, Oracle oracle, JobModel jm, LiveBound.Mutation mutation, String method,
                              boolean schedule) {
        try {
            Analysis refuted = refute(ts, oracle, jm, mutation, method);
            if (refuted != null || !schedule) {
                return new Start(refuted, List.of());
            }
            GreedyFirst g = new GreedyFirst(oracle, jm, () -> new LiveBound(ts, oracle, jm, mutation));
            Analysis found = g.schedule(method);
            return new Start(found, found != null ? List.of() : g.prefixes);
        } catch (Budget.Exhausted e) {
            // The budget ran out (or another engine decided) before the search began: the checks
            // before it are no verdict.
            return new Start(new Analysis(Verdict.INCONCLUSIVE, method, Stats.EMPTY, List.of(), null, e.getMessage()),
                    List.of());
        }
    }

    /** Not schedulable with a one-line reason when the global demand check fails, else null. */
    private static Analysis refute(TaskSet ts, Oracle oracle, JobModel jm, LiveBound.Mutation mutation, String method) {
        long t0 = System.nanoTime();
        DemandBound demand = new DemandBound(ts, oracle, jm, mutation);
        // The first frame starts at the first release (with offsets or jitter it may be after 0).
        long start = jm.nextArrival(new int[jm.n]);
        long d = demand.firstOverload(start);
        if (d < 0) {
            return null;
        }
        // The root's own reasons (a job too long even alone) first, then the demand that rules the set out.
        List<String> reasons = new ArrayList<>(WitnessPaths.witness(List.of(), start, oracle, jm).reasons());
        reasons.removeIf(r -> r.startsWith("every eligible batch"));
        reasons.add(demand.explain(d, start));
        Witness w = new Witness(List.of(), start, 0, jm.totalKernels, reasons);
        // Recomputed apart from the rules that found it: a miscount here would be a wrong verdict.
        String wrong = DemandCheck.failure(ts, start, d, demand.dueJobs(d), demand.need(new int[jm.n], d));
        if (wrong != null) {
            throw new RefutationBug("the demand bound's refutation does not recompute (" + wrong
                    + "): a bug in the demand bound, so no verdict");
        }
        Stats stats = new Stats(0, 0, 0, 0, 0, 0, 0, 0, System.nanoTime() - t0, 0);
        return new Analysis(Verdict.NOT_SCHEDULABLE, method, stats, List.of(), w, null, null, "demand bound", null)
                .withProof(new Proof(Proof.Kind.DEMAND_BOUND, start, d, Proof.CONFIRMED));
    }

    /** The schedule of the first greedy policy that meets every deadline, or null (then see {@link #prefixes}). */
    public Analysis schedule(String method) {
        long frames = 0;
        for (GreedyRuns.Run r : new GreedyRuns(oracle, jm, live).runAll()) {
            frames += r.frames();
            if (!valid(r)) {
                continue;
            }
            if (!r.complete()) {
                if (!r.policy().ahead) {
                    // The look-ahead runs only decide: as seeds they would change every search they precede.
                    prefixes.add(r);
                }
                continue;
            }
            Stats stats = new Stats(0, 0, frames, 0, 0, 0, 0, jm.totalKernels, System.nanoTime() - t0, 0);
            return found(r, method, stats, r.policy().words);
        }
        if (live == null) {
            return null;
        }
        long r0 = System.nanoTime();
        RestartRuns restarts = new RestartRuns(oracle, jm, live.get());
        GreedyRuns.Run r = restarts.search(RESTART_STEPS);
        LOG.info("{}: {} after {} walks and {} frames entered, {} ms", RESTARTS,
                r == null ? "no schedule" : "a schedule", restarts.walks(), restarts.steps(),
                (System.nanoTime() - r0) / 1_000_000);
        if (r == null || !valid(r)) {
            return null;
        }
        Stats stats = new Stats(0, 0, frames + restarts.steps(), 0, 0, 0, 0, jm.totalKernels,
                System.nanoTime() - t0, 0);
        return found(r, method, stats, RESTARTS);
    }

    /** The schedule of a complete run that {@link #valid} accepted, found by {@code foundBy}. */
    public Analysis found(GreedyRuns.Run r, String method, Stats stats, String foundBy) {
        Trail trail = new Trail(null);
        int last = 0;
        for (int f = 0; f < r.frames(); f++) {
            last = trail.add(last, r.starts()[f], r.masks()[f], 0);
        }
        List<Frame> schedule = WitnessPaths.frames(trail, last, oracle, jm);
        return new Analysis(Verdict.SCHEDULABLE, method, stats, schedule, null, null, null, foundBy, null);
    }

    /** The table checker's rules, on a run (a complete one must also run every job). */
    boolean valid(GreedyRuns.Run r) {
        int[] counts = new int[jm.n];
        int done = 0;
        long prevEnd = -1;
        for (int f = 0; f < r.frames(); f++) {
            long start = r.starts()[f];
            long mask = r.masks()[f];
            long firstPending = jm.nextArrival(counts);
            // Back to back, or at the next release after an idle gap (and the first frame at the first release).
            long expected = prevEnd >= 0 && firstPending <= prevEnd ? prevEnd : firstPending;
            long end = Ticks.add(start, oracle.completion(mask));
            if (start != expected || mask == 0 || (mask & ~jm.readyAt(counts, start)) != 0
                    || !oracle.batch(mask).eligible() || end > jm.minDeadline(counts, mask)) {
                return false;
            }
            done += jm.count(counts, mask, 1);
            prevEnd = end;
        }
        return !r.complete() || done == jm.totalKernels;
    }
}
