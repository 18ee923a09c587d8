package org.gpusched.baseline;

import org.gpusched.explore.Analysis;
import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
import org.gpusched.explore.Stats;
import org.gpusched.explore.Verdict;
import org.gpusched.explore.Witness;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.List;

/** Presents a baseline simulation as an {@link Analysis}, so every method reports alike. */
public final class Baselines {
    private Baselines() { }

    public static Analysis analyze(TaskSet ts, EdfBaseline.Kind kind) {
        return analyze(ts, kind, Budget.defaults().start());
    }

    /** The simulation under a budget: inconclusive (never "not schedulable") when a budget or the heap runs out. */
    public static Analysis analyze(TaskSet ts, EdfBaseline.Kind kind, Budget.Meter meter) {
        return run(ts, kind, meter).analysis();
    }

    /**
     * The analysis and the whole simulation behind it (every frame and miss; null when a budget
     * ran out), from one run: reports that need both do not simulate twice.
     */
    public record Run(Analysis analysis, BaselineResult all) { }

    public static Run run(TaskSet ts, EdfBaseline.Kind kind, Budget.Meter meter) {
        EdfBaseline sim = new EdfBaseline(ts, kind);
        BaselineResult r;
        try {
            r = sim.run(meter);
        } catch (Budget.Exhausted e) {
            return new Run(inconclusive(sim.method(), meter, e.getMessage()), null);
        } catch (OutOfMemoryError e) {
            // The simulation's frames are unreachable now, so memory is back.
            return new Run(inconclusive(sim.method(), meter, Budget.OUT_OF_MEMORY), null);
        }
        return new Run(present(ts, r), r);
    }

    private static Analysis present(TaskSet ts, BaselineResult r) {
        Stats stats = new Stats(0, 0, r.frames().size(), 0, 0, 0, 0, ts.kernelCount(), r.elapsedNanos(), 0);
        if (r.schedulable()) {
            return new Analysis(Verdict.SCHEDULABLE, r.method(), stats, r.frames(), null, null);
        }
        Miss first = r.misses().get(0);
        List<Frame> upTo = new ArrayList<>();
        int done = 0;
        for (Frame f : r.frames()) {
            upTo.add(f);
            done += f.batch().size();
            if (f.batch().contains(new JobRef(first.task(), first.job(), ts.task(first.task()).kernels() - 1))) {
                break;
            }
        }
        List<String> reasons = new ArrayList<>();
        for (Miss m : r.misses()) {
            reasons.add(ts.task(m.task()).name() + "#" + m.job() + " (released " + m.arrival() + ", deadline "
                    + m.deadline() + ") finishes at " + m.finish());
        }
        Witness w = new Witness(upTo, first.finish(), done, ts.kernelCount(), reasons);
        return new Analysis(Verdict.NOT_SCHEDULABLE, r.method(), stats, List.of(), w,
                r.misses().size() + " job(s) miss their deadline");
    }

    private static Analysis inconclusive(String method, Budget.Meter meter, String note) {
        Stats stats = new Stats(0, 0, 0, 0, 0, 0, 0, 0, meter.elapsedNanos(), meter.peakHeap());
        return new Analysis(Verdict.INCONCLUSIVE, method, stats, List.of(), null, note);
    }
}
