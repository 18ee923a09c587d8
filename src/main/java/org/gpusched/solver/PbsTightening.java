package org.gpusched.solver;

import org.chocosolver.solver.Model;
import org.chocosolver.solver.variables.BoolVar;
import org.chocosolver.solver.variables.IntVar;
import org.gpusched.model.Interference;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

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

    /**
     * Posts both; reads the clock once per kernel, since at 30 tasks and more the posting takes
     * seconds on a loaded machine (each kernel is checked against every other and every job).
     */
    static void post(FrameModel fm, TaskSet ts, long[] together, FrameModel.Mutation mutation, SearchBudget budget) {
        nonIdling(fm, ts, mutation, budget);
        if (exactLengths(ts)) {
            lengths(fm, ts, together, budget);
        }
    }

    /** Whether a frame's length is the largest of its kernels' (slowed) wcets: nothing added per kernel or frame. */
    static boolean exactLengths(TaskSet ts) {
        Interference inter = ts.interference();
        return inter.model() != Interference.Model.TABLE && inter.overhead().isZero()
                && ts.units().stream().allMatch(u -> u.copies() == 0);
    }

    private static void nonIdling(FrameModel fm, TaskSet ts, FrameModel.Mutation mutation, SearchBudget budget) {
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
            budget.checkTime();
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
                // Boolean variables of their own rather than views: conflict learning explains them (CheckedLearning).
                back = m.boolVar("back" + u);
                m.reifyXltC(previous, none, back);
                m.arithm(s, "=", at).impliedBy(back);
                fm.previous[u] = previous;
            }
            for (int[] job : jobs) {
                FrameModel.Item first = items.get(job[0]);
                long release = first.release();
                if (release >= s.getUB()) {
                    continue;
                }
                // Not waited: u starts by the job's release.
                BoolVar early = m.boolVar();
                m.reifyXltC(s, (int) release + 1, early);
                if (first.task() == a.task()) {
                    if (job[0] <= u && u <= job[1]) {
                        // u's own job was released before u starts: u itself waited.
                        m.addClauses(new BoolVar[] {back, early}, new BoolVar[0]);
                    }
                    continue;
                }
                FrameModel.Item last = items.get(job[1]);
                if (last.deadline() <= a.release()) {
                    continue; // the job is over before u can start
                }
                BoolVar lastBefore = fm.before(job[1], u);
                BoolVar[] clause = lastBefore == null ? new BoolVar[] {back, early}
                        : new BoolVar[] {back, lastBefore, early};
                m.addClauses(clause, new BoolVar[0]);
            }
        }
    }

    /**
     * A frame lasts the largest of its kernels' terms: the wcet alone, the slowed wcet of each
     * kernel it shares with. The lower bounds are posted already (alone, and one frame with a
     * partner: the pair's bound, which is this term); the upper bound is posted as clauses, one per
     * length a frame can have beyond the wcet: a frame longer than v shares with some partner whose
     * term exceeds v. Not Choco's max constraint: its explanation of a lowered upper bound names
     * only the terms at the new bound, which is not a clause the model implies, and conflict
     * learning must only learn what the model implies (docs/solver.md).
     */
    private static void lengths(FrameModel fm, TaskSet ts, long[] together, SearchBudget budget) {
        Model m = fm.model;
        List<Unit> units = ts.units();
        for (int u = 0; u < fm.items.size(); u++) {
            budget.checkTime();
            int unit = fm.items.get(u).unit();
            List<Integer> partners = fm.partners.get(u);
            long wcet = units.get(unit).wcet();
            long[] terms = new long[partners.size()];
            TreeSet<Long> values = new TreeSet<>();
            values.add(wcet);
            for (int p = 0; p < partners.size(); p++) {
                terms[p] = Math.max(together[unit], together[fm.items.get(partners.get(p)).unit()]);
                values.add(terms[p]);
            }
            IntVar length = fm.length[u];
            for (long v : values) {
                if (v < wcet || v >= length.getUB()) {
                    continue;
                }
                BoolVar within = m.boolVar();
                m.reifyXltC(length, (int) v + 1, within);
                List<BoolVar> clause = new ArrayList<>(List.of(within));
                for (int p = 0; p < partners.size(); p++) {
                    if (terms[p] > v) {
                        clause.add(fm.shared.get(u).get(p));
                    }
                }
                m.addClauses(clause.toArray(new BoolVar[0]), new BoolVar[0]);
            }
        }
    }
}
