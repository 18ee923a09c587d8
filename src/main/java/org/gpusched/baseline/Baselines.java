package org.gpusched.baseline;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.table.SchedulingTable;
import org.gpusched.table.TableStream;
import org.gpusched.table.Tables;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * Presents a baseline simulation as an {@link Analysis}, so every method reports alike. A set of
 * at most {@link TaskSet#MAX_JOBS} jobs keeps its whole simulation (the table, margins and per-job
 * reports need it); a larger one is streamed ({@link RunSummary}): memory independent of the
 * number of jobs, the table written only when asked for, by simulating again ({@link #writeTable}).
 */
public final class Baselines {
    /** Frames a streamed run keeps before its first miss (the witness shows the last ones). */
    public static final int STREAM_FRAMES_KEPT = 10_000;
    /** Misses a streamed run lists (the count covers them all). */
    public static final int STREAM_MISSES_LISTED = 1_000;

    private Baselines() { }

    /**
     * The analysis and the simulation behind it (every frame and miss, or a streamed run's counts
     * and first misses; null when a budget ran out), from one run: reports that need both do not
     * simulate twice. The analysis is inconclusive (never "not schedulable") when a budget or the
     * heap runs out.
     */
    public record Run(Analysis analysis, BaselineResult all, Responses responses) { }

    public static Run run(TaskSet ts, EdfBaseline.Kind kind, Budget.Meter meter) {
        return run(ts, kind, meter, ts.jobCount() > TaskSet.MAX_JOBS);
    }

    /** {@link #run(TaskSet, EdfBaseline.Kind, Budget.Meter)}, streamed or not as asked. */
    public static Run run(TaskSet ts, EdfBaseline.Kind kind, Budget.Meter meter, boolean stream) {
        EdfBaseline sim = new EdfBaseline(ts, kind);
        try {
            if (!stream) {
                BaselineResult r = sim.run(meter);
                // The same summary as a streamed run's, of a run that kept every frame and miss.
                RunSummary s = new RunSummary(ts, Integer.MAX_VALUE, Integer.MAX_VALUE);
                r.frames().forEach(s::frame);
                r.misses().forEach(s::miss);
                return new Run(present(ts, r, s), r, s.responses());
            }
            long t0 = System.nanoTime();
            RunSummary s = new RunSummary(ts, STREAM_FRAMES_KEPT, STREAM_MISSES_LISTED);
            sim.stream(meter, s);
            BaselineResult r = new BaselineResult(sim.method(), List.of(), s.misses(), System.nanoTime() - t0,
                    s.frames(), s.missCount());
            return new Run(present(ts, r, s), r, s.responses());
        } catch (Budget.Exhausted | OutOfMemoryError e) {
            // After running out of memory the simulation's frames are unreachable, so memory is back.
            String note = e instanceof Budget.Exhausted ? e.getMessage() : Budget.OUT_OF_MEMORY;
            return new Run(Analysis.inconclusive(sim.method(), meter, note), null, null);
        }
    }

    /**
     * The table of a schedulable set as a writer hands it on: the text of the frames the analysis
     * kept ({@code whole}), or, for a streamed EDF run that kept none, {@code again}: the same rule
     * simulated again within the same state and heap budget but no time limit (the run ended within
     * it, and its table must not be cut short), each frame written as it comes, so a long table never
     * sits in memory.
     */
    public record TableText(String whole, Again again) { }

    /** Writes a streamed run's table to {@code out} while simulating it again. */
    public interface Again {
        void writeTo(Writer out) throws IOException;
    }

    /** The table of {@code a} (schedulable) in JSON or CSV; see {@link TableText}. */
    public static TableText tableText(TaskSet ts, Analysis a, BaselineResult run, boolean csv, Budget b) {
        if (run == null || !run.streamed()) {
            SchedulingTable t = Tables.of(ts, a);
            return new TableText(csv ? Tables.toCsv(t) : Tables.toJson(t), null);
        }
        EdfBaseline.Kind kind = run.method().equals("edf-serial") ? EdfBaseline.Kind.SERIAL
                : EdfBaseline.Kind.PARALLEL;
        return new TableText(null, out -> writeTable(ts, kind, a.method(), csv,
                new Budget(b.maxStates(), null, b.maxHeapFraction()).start(), out));
    }

    /**
     * Simulates again and writes the table of a streamed run to {@code out} frame by frame (JSON or
     * CSV, the bytes {@code Tables} gives for the same frames).
     *
     * @throws Budget.Exhausted when a budget runs out first
     */
    public static void writeTable(TaskSet ts, EdfBaseline.Kind kind, String method, boolean csv, Budget.Meter meter,
                                  Writer out) throws IOException {
        try (TableStream t = csv ? TableStream.csv(out) : TableStream.json(ts, method, out)) {
            new EdfBaseline(ts, kind).stream(meter, f -> t.add(ts, f));
        }
    }

    /** The run {@code r} as an analysis, from its summary {@code s}. */
    private static Analysis present(TaskSet ts, BaselineResult r, RunSummary s) {
        Stats stats = new Stats(0, 0, s.frames(), 0, 0, 0, 0, ts.kernelCount(), r.elapsedNanos(), 0);
        if (r.schedulable()) {
            return new Analysis(Verdict.SCHEDULABLE, r.method(), stats, r.frames(), null, !r.streamed() ? null
                    : "streamed: " + s.frames() + " frames simulated and not kept (more than " + TaskSet.MAX_JOBS
                    + " jobs); --table writes them");
        }
        Witness w = new Witness(s.witness(), r.misses().get(0).finish(), (int) s.kernelsToMiss(), ts.kernelCount(),
                reasons(ts, r.misses(), s.missCount() - r.misses().size()));
        return new Analysis(Verdict.NOT_SCHEDULABLE, r.method(), stats, List.of(), w, s.missCount()
                + " job(s) miss their deadline" + (s.framesDropped() == 0 ? "" : "; the witness shows the last "
                + s.witness().size() + " frames before the first miss (" + s.framesDropped() + " earlier ones"
                + " streamed by)"));
    }

    private static List<String> reasons(TaskSet ts, List<Miss> misses, long unlisted) {
        List<String> reasons = new ArrayList<>(misses.stream().map(m -> ts.task(m.task()).name() + "#" + m.job()
                + " (released " + m.arrival() + ", deadline " + m.deadline() + ") finishes at " + m.finish()).toList());
        if (unlisted > 0) {
            reasons.add("... and " + unlisted + " more");
        }
        return reasons;
    }
}
