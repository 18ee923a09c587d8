package org.gpusched.explore.job;

import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;

import java.util.List;

/**
 * The outcome of one analysis.
 *
 * @param schedule the frames of one schedulable path (empty unless schedulable)
 * @param witness  why not schedulable (null unless not schedulable, or for inconclusive runs the deepest point)
 * @param note     a budget that was hit, or other remark; null when none
 * @param achieved the objective the schedule optimises and its value (null unless --stop all found one)
 * @param foundBy  the greedy policy that found the schedule before any search, or
 *                 the necessary condition that refuted the set before any search; null when the
 *                 search itself decided
 * @param repeat   how the schedule continues: null for a table of one hyperperiod from 0 that
 *                 repeats every H; otherwise the frames from {@code repeat.fromFrame()} on (the
 *                 periodic part after the power-on prefix) repeat every {@code repeat.every()}
 * @param engine   the engine that decided when {@code --engine} asked for another than the graph
 *                 search alone ({@code graph} or {@code solver}); null otherwise, and reports then
 *                 stay as they were
 * @param proof    what a "not schedulable" of the exact analysis rests on and how it was re-checked;
 *                 null for every other verdict and method
 */
public record Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness,
                       String note, Achieved achieved, String foundBy, Repeat repeat, String engine, Proof proof) {
    /** {@link #foundBy()} of a set refuted by the window relaxation, beside the search. */
    public static final String WINDOW = "window relaxation";
    /** {@link #foundBy()} of a schedule found by the earliest-time sweep, beside the search. */
    public static final String SWEEP = "earliest-time sweep";

    /** Whether what decided ran before any search (greedy runs, the demand check), not beside it. */
    public boolean foundBeforeSearch() {
        return foundBy != null && !WINDOW.equals(foundBy) && !SWEEP.equals(foundBy);
    }

    public Analysis {
        schedule = List.copyOf(schedule);
    }

    public Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness, String note,
                    Achieved achieved, String foundBy, Repeat repeat) {
        this(verdict, method, stats, schedule, witness, note, achieved, foundBy, repeat, null, null);
    }

    /** The same analysis, saying which engine decided it. */
    public Analysis withEngine(String e) {
        return new Analysis(verdict, method, stats, schedule, witness, note, achieved, foundBy, repeat, e, proof);
    }

    /**
     * The same analysis timed from its meter's start: the run's time, the work before and beside
     * the search (greedy runs, the relaxations, the solver's model, the re-check) included.
     */
    public Analysis timed(long elapsedNanos) {
        Stats t = Stats.plus(stats, new Stats(0, 0, 0, 0, 0, 0, 0, 0, elapsedNanos, 0), Math::max);
        return new Analysis(verdict, method, t, schedule, witness, note, achieved, foundBy, repeat, engine, proof);
    }

    /** The same analysis with another note (the portfolio: the budget another part spent). */
    public Analysis withNote(String n) {
        return new Analysis(verdict, method, stats, schedule, witness, n, achieved, foundBy, repeat, engine, proof);
    }

    /** The same analysis with what its "not schedulable" rests on. */
    public Analysis withProof(Proof p) {
        return new Analysis(verdict, method, stats, schedule, witness, note, achieved, foundBy, repeat, engine, p);
    }

    public Analysis(Verdict verdict, String method, Stats stats, List<Frame> schedule, Witness witness, String note) {
        this(verdict, method, stats, schedule, witness, note, null, null, null);
    }

    /** No verdict, with why ({@code note}), the time the meter ran and its heap peak. */
    public static Analysis inconclusive(String method, Budget.Meter meter, String note) {
        return new Analysis(Verdict.INCONCLUSIVE, method, new Stats(0, 0, 0, 0, 0, 0, 0, 0, meter.elapsedNanos(),
                meter.peakHeap()), List.of(), null, note);
    }

    /**
     * The periodic part of a power-on schedule: frames {@code fromFrame} .. end repeat every
     * {@code every} ticks (a multiple of H), each repetition's jobs {@code every / T} later per task.
     */
    public record Repeat(int fromFrame, long every) { }

    /** The value an optimal schedule reaches for its objective (see {@link Objective#value}). */
    public record Achieved(Objective objective, long value) { }
}
