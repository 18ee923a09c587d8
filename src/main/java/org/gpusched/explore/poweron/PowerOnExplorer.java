package org.gpusched.explore.poweron;

import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Proof;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.JobLimit;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * Exact PBS schedulability of the system released at time 0 (docs/explorer.md, "Power-on").
 * S_0 holds the initial state; S_{k+1} is every state reached at the first frame start at or
 * after (k+1)·H from some state of S_k by frames that meet their deadlines, taken relative to
 * that boundary. The set is schedulable iff no S_k is empty; since S_{k+1} depends only on S_k
 * and there are finitely many sets, the sequence repeats: the first k with S_k equal to an
 * earlier S_i decides "schedulable", an empty S_k "not schedulable". A set with a cut at 0
 * (every O + D ≤ T, in particular no offsets) is the window analysis itself and goes to
 * {@link GpuSchedExplorer} unchanged.
 */
public final class PowerOnExplorer {
    /** Documented bound: hyperperiods explored before the periodic part must have shown. */
    public static final int MAX_HYPERPERIODS = 64;
    static final String METHOD = "gpusched(power-on, exact states)";

    private final TaskSet ts;
    private final Options options;

    /** @param ts a task set as the reader gives it (window origin or none); its file time line is used */
    public PowerOnExplorer(TaskSet ts, Options options) {
        JobLimit.require(ts, "the exact search");
        this.ts = ts;
        this.options = options;
    }

    /** Whether the set needs this search: it has no cut at 0, so the steady state is not the power-on answer. */
    public static boolean needed(TaskSet ts) {
        return ts.origin() != 0;
    }

    /**
     * The verdict with the table (prefix, then the periodic part, {@link Analysis#repeat()}), on
     * the task set's file time line; {@code transientHyperperiods} is the index i of the first
     * S_i that recurs (0 when the periodic part starts at power-on), -1 unless schedulable;
     * {@code explored} the hyperperiods searched (-1 when a budget ran out).
     */
    public record Result(Analysis analysis, TaskSet fileTimeLine, int transientHyperperiods, int explored) { }

    public Result analyze(Budget.Meter meter) {
        return needed(ts) ? searchFromPowerOn(meter) : new Result(new GpuSchedExplorer(ts, options).analyze(meter), ts,
                0, 1);
    }

    /** The power-on search itself, also for a set with a cut at 0 (where the property tests compare it). */
    public Result searchFromPowerOn(Budget.Meter meter) {
        TaskSet file = UnboundedJobs.fileTimeLine(ts);
        try {
            return search(file, meter);
        } catch (Budget.Exhausted e) {
            return new Result(Analysis.inconclusive(METHOD, meter, e.getMessage()), file, -1, -1);
        } catch (OutOfMemoryError e) {
            return new Result(Analysis.inconclusive(METHOD, meter, Budget.OUT_OF_MEMORY), file, -1, -1);
        }
    }

    private Result search(TaskSet file, Budget.Meter meter) {
        long t0 = System.nanoTime();
        UnboundedJobs tl = new UnboundedJobs(file);
        Oracle oracle = new Oracle(file, meter);
        PowerState init = new HyperperiodStep(tl, oracle, meter, 0).canonical(0, new int[tl.jm.n]);
        List<Set<PowerState>> levels = new ArrayList<>();
        List<Map<PowerState, PowerState>> preds = new ArrayList<>();
        Map<Set<PowerState>, Integer> firstSeen = new HashMap<>();
        levels.add(Set.of(init));
        preds.add(Map.of());
        firstSeen.put(levels.get(0), 0);
        long kept = 0;
        long edges = 0;
        long pruned = 0;
        long ff = 0;
        for (int k = 0; k < MAX_HYPERPERIODS; k++) {
            HyperperiodStep step = new HyperperiodStep(tl, oracle, meter, kept);
            Collection<PowerState> next = step.run(levels.get(k));
            kept += step.kept();
            edges += step.edges;
            pruned += step.pruned;
            ff += step.fastForwards;
            Stats stats = new Stats(kept, kept, edges, 0, 0, ff, pruned, 0, System.nanoTime() - t0,
                    meter.peakHeap());
            PowerOnPaths paths = new PowerOnPaths(tl, oracle, meter, preds);
            if (next.isEmpty()) {
                return new Result(new Analysis(Verdict.NOT_SCHEDULABLE, METHOD, stats, List.of(),
                        paths.witness(step, k), null).withProof(Proof.of(Proof.Kind.EXHAUSTIVE_SEARCH)), file, -1,
                        k + 1);
            }
            Map<PowerState, PowerState> pred = new LinkedHashMap<>();
            for (PowerState s : next) {
                pred.put(s, step.rootOf(step.reached(s)));
            }
            Set<PowerState> set = new LinkedHashSet<>(next);
            levels.add(set);
            preds.add(pred);
            Integer i = firstSeen.putIfAbsent(set, k + 1);
            if (i != null) {
                PowerOnPaths.Lasso lasso = paths.lasso(i, k + 1, set.iterator().next());
                Analysis a = new Analysis(Verdict.SCHEDULABLE, METHOD, stats, lasso.frames(), null, null, null, null,
                        new Analysis.Repeat(lasso.fromFrame(), lasso.every()));
                return new Result(a, file, i, k + 1);
            }
        }
        return new Result(new Analysis(Verdict.INCONCLUSIVE, METHOD, new Stats(kept, kept, edges, 0, 0, ff, pruned,
                0, System.nanoTime() - t0, meter.peakHeap()), List.of(), null, "no periodic part within "
                + MAX_HYPERPERIODS + " hyperperiods from power-on (the documented bound of the power-on search;"
                + " docs/explorer.md)"), file, -1, MAX_HYPERPERIODS);
    }
}
