package org.gpusched.solver;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.variables.BoolVar;
import org.chocosolver.solver.variables.IntVar;
import org.gpusched.model.Interference;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * Constraints every PBS schedule satisfies beyond the pairs of {@link FrameModel}, so that the
 * relaxation comes closer to PBS without losing a schedule (docs/solver.md has the argument):
 *
 * <ul>
 *   <li><b>Non-idling.</b> When a kernel u starts at S and some job (of another task, or u's own)
 *       was released before S and still has a kernel that does not run before u, the GPU was busy
 *       at S − 1, so some frame ends exactly at S. The frames before u then chain back, frame by
 *       frame, to the release of every job that waited: PBS never leaves the GPU idle while a
 *       kernel is ready.</li>
 *   <li><b>Exact frame lengths</b>, where the interference model is {@code none} or
 *       {@code slowdown} without copies or runtime overhead: a kernel alone in its frame lasts
 *       its wcet, a frame of two or more the largest slowed wcet (the wcet under {@code none}) of
 *       its kernels, no more.</li>
 * </ul>
 */
final class PbsTightening {
    private PbsTightening() { }

    static void post(FrameModel fm, TaskSet ts, long[] together, FrameModel.Mutation mutation) {
        nonIdling(fm, ts, mutation);
        if (exactLengths(ts)) {
            lengths(fm, ts, together);
        }
    }

    /** Whether a frame's length is the largest of its kernels' (slowed) wcets: nothing added per kernel or frame. */
    static boolean exactLengths(TaskSet ts) {
        Interference inter = ts.interference();
        return inter.model() != Interference.Model.TABLE && inter.overhead().isZero()
                && ts.units().stream().allMatch(u -> u.copies() == 0);
    }

    private static void nonIdling(FrameModel fm, TaskSet ts, FrameModel.Mutation mutation) {
        Model m = fm.model;
        List<FrameModel.Item> items = fm.items;
        int n = items.size();
        // The jobs: index of each job's first and last kernel.
        List<int[]> jobs = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            if (items.get(j).stage() == 0) {
                jobs.add(new int[] {j, j + ts.task(items.get(j).task()).kernels() - 1});
            }
        }
        for (int u = 0; u < n; u++) {
            FrameModel.Item a = items.get(u);
            IntVar s = fm.start[u];
            // The frames that can end where u starts: its task's kernel just before it, and other tasks' kernels.
            // Which one is a decision (an index, the last value meaning "none"), so that once every pair and
            // every index is decided the constraints left are differences, whose earliest solution is their
            // lower bounds (no search over times).
            List<IntVar> ends = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                FrameModel.Item b = items.get(v);
                boolean own = b.task() == a.task();
                if (own && (v != u - 1 || mutation == FrameModel.Mutation.IDLE_SKIPS_OWN_TASK) || v == u) {
                    continue;
                }
                IntVar e = fm.end[v];
                if (e.getLB() <= s.getUB() && s.getLB() <= e.getUB()) {
                    ends.add(e);
                }
            }
            BoolVar back;
            if (ends.isEmpty()) {
                back = m.boolVar(false);
            } else {
                int none = ends.size();
                IntVar previous = m.intVar(FrameModel.PREVIOUS + u, 0, none);
                ends.add(m.intVar(0));
                IntVar at = m.intVar("at" + u, 0, (int) Math.max(s.getUB(), 0), true);
                m.element(at, ends.toArray(new IntVar[0]), previous, 0).post();
                back = m.intLeView(previous, none - 1);
                m.arithm(s, "=", at).impliedBy(back);
                fm.previous[u] = previous;
            }
            for (int[] job : jobs) {
                FrameModel.Item first = items.get(job[0]);
                long release = first.release();
                if (release >= s.getUB()) {
                    continue;
                }
                BoolVar waited = m.intGeView(s, (int) release + 1);
                if (first.task() == a.task()) {
                    if (job[0] <= u && u <= job[1]) {
                        // u's own job was released before u starts: u itself waited.
                        m.addClauses(new BoolVar[] {back}, new BoolVar[] {waited});
                    }
                    continue;
                }
                FrameModel.Item last = items.get(job[1]);
                if (last.deadline() <= a.release()) {
                    continue; // the job is over before u can start
                }
                BoolVar lastBefore = fm.before(job[1], u);
                BoolVar[] positive = lastBefore == null ? new BoolVar[] {back} : new BoolVar[] {back, lastBefore};
                m.addClauses(positive, new BoolVar[] {waited});
            }
        }
    }

    /** A frame lasts the largest of its kernels' terms: the wcet alone, the slowed wcet of each kernel it shares with. */
    private static void lengths(FrameModel fm, TaskSet ts, long[] together) {
        Model m = fm.model;
        List<Unit> units = ts.units();
        int horizon = (int) Math.min(ts.hyperperiod(), FrameModel.MAX_TIME);
        for (int u = 0; u < fm.items.size(); u++) {
            int unit = fm.items.get(u).unit();
            List<Integer> partners = fm.partners.get(u);
            IntVar[] terms = new IntVar[partners.size() + 1];
            terms[0] = m.intVar((int) Math.min(units.get(unit).wcet(), horizon + 1L));
            for (int p = 0; p < partners.size(); p++) {
                long both = Math.max(together[unit], together[fm.items.get(partners.get(p)).unit()]);
                terms[p + 1] = m.intScaleView(fm.shared.get(u).get(p), (int) Math.min(both, horizon + 1L));
            }
            m.max(fm.length[u], terms).post();
        }
    }
}
