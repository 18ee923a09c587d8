package org.gpusched.interop;

import org.gpusched.baseline.EdfBaseline;
import org.gpusched.baseline.OnlineEdfPowerOn;
import org.gpusched.baseline.PowerOnEdf;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.TaskSet;

import java.util.List;

/**
 * {@code export --to sag}: which job set stands for a PBS set. A set whose steady-state window starts
 * at 0 is its one hyperperiod; otherwise (offsets, or no window at all) EDF's default answer is from
 * power-on, so the jobs written are those of the hyperperiods EDF-serial explores from power-on, plus
 * one, unless {@code steadyState} asks for the window's hyperperiod.
 */
final class SagExport {
    private SagExport() { }

    /**
     * What to write: the files and a note for stderr, or why nothing is written (said after
     * "export --to sag: "), exit {@link ExitCodes#INCONCLUSIVE} when the reason is a budget, not the set.
     */
    static Exports.Exported of(String name, TaskSet ts, boolean steadyState, SagJobs.Arrival arrival,
                               SagJobs.Priority priority, Budget.Meter meter) {
        String refusal = name + ": export --to sag: ";
        if (ts.origin() < 0 && steadyState) {
            return Exports.refused(refusal + "--steady-state: offsets leave no steady-state window (every instant lies"
                    + " inside some job's window); without it the jobs from power-on are written", ExitCodes.INVALID);
        }
        // EDF's default answer for a set whose window does not start at 0 is from power-on.
        boolean powerOn = ts.origin() < 0 || ts.origin() > 0 && !steadyState;
        TaskSet file = UnboundedJobs.fileTimeLine(ts);
        String large = SagJobs.tooLarge(ts);
        Explored edf = large == null && powerOn ? powerOn(file, arrival, meter) : null;
        if (edf != null && edf.analysis().verdict() == Verdict.INCONCLUSIVE) {
            return Exports.refused(refusal + "inconclusive: EDF from power-on: " + edf.analysis().note()
                    + " (no finite job set stands for the set yet)", ExitCodes.INCONCLUSIVE);
        }
        int turns = edf == null ? 1 : edf.hyperperiods() + 1;
        large = large != null || !powerOn ? large : SagJobs.tooLarge(file, turns);
        if (large != null) {
            return Exports.refused(refusal + large, ExitCodes.INVALID);
        }
        if (!powerOn) {
            SagJobs.Files f = SagJobs.write(ts, arrival, priority);
            return new Exports.Exported(f.jobs(), f.precedence(), List.of(), ExitCodes.OK);
        }
        String note = (ts.origin() < 0 ? "no steady-state window" : "the steady-state window starts at "
                + ts.origin() + ", not 0 (--steady-state writes its hyperperiod)") + ": the jobs from power-on over "
                + turns + " hyperperiods (those edf-serial explores from power-on, plus one)";
        SagJobs.Files f = SagJobs.fromPowerOn(file, turns, arrival, priority);
        return new Exports.Exported(f.jobs(), f.precedence(), List.of(name + ": note: " + note), ExitCodes.OK);
    }

    /** EDF-serial's answer from power-on and the hyperperiods it explored to reach it. */
    private record Explored(Analysis analysis, int hyperperiods) { }

    /**
     * EDF-serial from power-on under the rule the export writes (online with arrival windows and
     * jitter, else time-triggered): the same job set the analysis would have to cover.
     */
    private static Explored powerOn(TaskSet ts, SagJobs.Arrival arrival, Budget.Meter meter) {
        boolean online = arrival == SagJobs.Arrival.WINDOW && ts.tasks().stream().anyMatch(t -> t.jitter() > 0);
        if (online) {
            OnlineEdfPowerOn g = new OnlineEdfPowerOn(ts, EdfBaseline.Kind.SERIAL);
            Analysis a = g.analyze(meter);
            return new Explored(a, g.explored());
        }
        PowerOnEdf.Result r = new PowerOnEdf(ts, EdfBaseline.Kind.SERIAL, "edf-serial").analyze(meter);
        return new Explored(r.analysis(), r.explored());
    }
}
