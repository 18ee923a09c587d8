package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomTaskSets;
import org.gpusched.TestFiles;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --stop all --objective X} returns a true optimum. The reference enumerates
 * every schedule of a small set (every path, no merging at all) and takes the best value of each
 * objective; the explorer must reach exactly that value under every merge level and search order,
 * with a schedule that checks out and whose value is the one reported.
 */
class ObjectiveOptimalityTest {
    private static final int SETS = Integer.getInteger("gpusched.objectiveSets", 400);
    private static final long PATH_LIMIT = 50_000;

    /** Two tasks whose parallel frame is slower than serial: serial runs beat the parallel frame on both objectives. */
    @Test
    void serial_runs_beat_a_slow_parallel_frame_on_every_objective() {
        TaskSet ts = TestFiles.parse("""
                {"name": "two", "tasks": [{"name": "A", "period": 10, "wcet": 1}, {"name": "B", "period": 10, "wcet": 1}],
                 "interference": {"model": "table", "entries": [{"tasks": ["A", "B"], "completion": 2}]}}""");
        for (MergeLevel m : MergeLevel.values()) {
            assertThat(best(ts, m, SearchOrder.AUTO, Objective.FEWEST_PARALLEL).achieved().value()).isZero();
            assertThat(best(ts, m, SearchOrder.AUTO, Objective.MOST_SLACK).achieved().value()).isEqualTo(17);
            assertThat(best(ts, m, SearchOrder.AUTO, Objective.EARLIEST_FINISH).achieved().value()).isEqualTo(2);
        }
    }

    @Test
    void every_objective_is_optimal_on_random_sets() {
        List<String> failures = new ArrayList<>();
        int compared = 0;
        int improvable = 0;
        SearchOrder[] orders = SearchOrder.values();
        MergeLevel[] merges = MergeLevel.values();
        for (long seed = 9_000_001; compared < SETS && failures.size() < 10; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 2, 4);
            if (ts.jobCount() > 14) {
                continue;
            }
            Map<Objective, Long> want = enumerate(ts);
            if (want == null) {
                continue; // too many schedules to enumerate
            }
            compared++;
            // Rotate orders and merge levels over the sets, so every pair is exercised without running all per set.
            SearchOrder order = orders[(int) (seed % orders.length)];
            MergeLevel merge = merges[(int) ((seed / orders.length) % merges.length)];
            for (Objective o : Objective.values()) {
                Analysis a = best(ts, merge, order, o);
                String where = "seed " + seed + " " + o + " " + merge + "/" + order;
                if (want.isEmpty()) {
                    if (a.verdict() != Verdict.NOT_SCHEDULABLE) {
                        failures.add(where + ": " + a.verdict() + " but no schedule exists");
                    }
                    continue;
                }
                if (a.verdict() != Verdict.SCHEDULABLE || a.achieved() == null) {
                    failures.add(where + ": " + a.verdict() + " but a schedule exists");
                    continue;
                }
                if (a.achieved().value() != want.get(o)) {
                    failures.add(where + ": reaches " + a.achieved().value() + ", optimum " + want.get(o));
                }
                if (a.achieved().value() != o.value(a.schedule(), new JobModel(ts))) {
                    failures.add(where + ": reported value differs from the schedule's");
                }
                List<String> errors = TableChecker.check(ts, Tables.of(ts, "gpusched", a.schedule()));
                if (!errors.isEmpty()) {
                    failures.add(where + ": table rejected " + errors);
                }
            }
            if (!want.isEmpty() && firstFound(ts, want)) {
                improvable++;
            }
        }
        assertThat(failures).isEmpty();
        assertThat(compared).isEqualTo(SETS);
        // The sets must include cases where the first schedule found is not the optimum.
        assertThat(improvable).isGreaterThan(SETS / 20);
    }

    private static boolean firstFound(TaskSet ts, Map<Objective, Long> want) {
        Analysis first = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        JobModel jm = new JobModel(ts);
        return Objective.FEWEST_PARALLEL.value(first.schedule(), jm) != want.get(Objective.FEWEST_PARALLEL)
                || Objective.MOST_SLACK.value(first.schedule(), jm) != want.get(Objective.MOST_SLACK);
    }

    private static Analysis best(TaskSet ts, MergeLevel m, SearchOrder s, Objective o) {
        return new GpuSchedExplorer(ts, Options.defaults().withMerge(m).withSearch(s).withStop(StopRule.ALL, o))
                .analyze();
    }

    /**
     * The best value of each objective over every schedule (empty: none exists; null: more than
     * {@link #PATH_LIMIT} paths). Straight from pbs-semantics.md: from (t, done), a state with a
     * ready job that cannot finish even alone has no future; with nothing ready, time jumps to the
     * next release; otherwise every eligible set of oldest ready jobs, one per task, whose frame
     * meets every deadline in it.
     */
    static Map<Objective, Long> enumerate(TaskSet ts) {
        Oracle oracle = new Oracle(ts);
        JobModel jm = new JobModel(ts);
        Map<Objective, Long> best = new EnumMap<>(Objective.class);
        long[] paths = {0};
        boolean ok = walk(ts, oracle, jm, new int[ts.size()], 0, 0, 0, 0, best, paths);
        return ok ? best : null;
    }

    private static boolean walk(TaskSet ts, Oracle oracle, JobModel jm, int[] counts, long t, int done,
                                long parallel, long slack, Map<Objective, Long> best, long[] paths) {
        if (++paths[0] > PATH_LIMIT) {
            return false;
        }
        if (done == jm.totalKernels) {
            best.merge(Objective.EARLIEST_FINISH, t, Math::min);
            best.merge(Objective.FEWEST_PARALLEL, parallel, Math::min);
            best.merge(Objective.MOST_SLACK, slack, Math::max);
            return true;
        }
        long ready = 0;
        long next = Long.MAX_VALUE;
        for (int i = 0; i < ts.size(); i++) {
            if (counts[i] < jm.items[i]) {
                long a = jm.arrival(i, counts[i]);
                if (a <= t) {
                    if (t + jm.wcet[i] > jm.deadline(i, counts[i])) {
                        return true; // dead state
                    }
                    ready |= 1L << i;
                } else {
                    next = Math.min(next, a);
                }
            }
        }
        if (ready == 0) {
            // Idle: the last frame's end stays the path's finish time only if nothing follows; it does.
            return walk(ts, oracle, jm, counts, next, done, parallel, slack, best, paths);
        }
        for (long set = ready; set != 0; set = (set - 1) & ready) {
            long c = oracle.completion(set);
            if (c == CompletionModel.FORBIDDEN || !oracle.batch(set).eligible()) {
                continue;
            }
            long end = t + c;
            long frameSlack = 0;
            boolean meets = true;
            for (long b = set; b != 0; b &= b - 1) {
                int i = Long.numberOfTrailingZeros(b);
                long d = jm.deadline(i, counts[i]);
                meets &= end <= d;
                frameSlack += d - end;
            }
            if (!meets) {
                continue;
            }
            int[] after = counts.clone();
            for (long b = set; b != 0; b &= b - 1) {
                after[Long.numberOfTrailingZeros(b)]++;
            }
            if (!walk(ts, oracle, jm, after, end, done + Long.bitCount(set),
                    parallel + (Long.bitCount(set) > 1 ? 1 : 0), slack + frameSlack, best, paths)) {
                return false;
            }
        }
        return true;
    }
}
