package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.JobModel;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.TestFiles;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.baseline.Miss;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The paper's Figure 1 example and the spec's expected results for it. */
class PaperExamplesTest {
    private final TaskSet fig1 = TestFiles.load("paper-fig1.json");

    private static String label(TaskSet ts, Miss m) {
        return ts.task(m.task()).name() + "#" + m.job();
    }

    @Test
    void gpusched_schedules_figure_1_and_its_table_checks_out() {
        Analysis a = new GpuSchedExplorer(fig1, Options.defaults()).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.SCHEDULABLE);
        assertThat(a.schedule()).isNotEmpty();
        assertThat(a.schedule().stream().mapToInt(f -> f.batch().size()).sum()).isEqualTo(11);
        assertThat(TableChecker.check(fig1, Tables.of(fig1, a.method(), a.schedule()))).isEmpty();
        assertThat(new BruteForceExplorer(fig1, Budget.of(1_000_000, null)).analyze().verdict())
                .isEqualTo(Verdict.SCHEDULABLE);
    }

    @Test
    void edf_serial_first_miss_is_tau2_job_1_then_tau2_3_and_tau1_4() {
        BaselineResult r = new EdfBaseline(fig1, EdfBaseline.Kind.SERIAL).run();
        assertThat(r.schedulable()).isFalse();
        Miss first = r.misses().get(0);
        assertThat(label(fig1, first)).isEqualTo("tau2#1");
        assertThat(first.arrival()).isEqualTo(5);
        assertThat(first.deadline()).isEqualTo(10);
        assertThat(first.finish()).isEqualTo(11);
        assertThat(r.misses().stream().map(m -> label(fig1, m)).toList()).contains("tau2#3", "tau1#4");
    }

    @Test
    void edf_parallel_runs_all_three_first_jobs_together_and_misses_at_6() {
        BaselineResult r = new EdfBaseline(fig1, EdfBaseline.Kind.PARALLEL).run();
        assertThat(r.schedulable()).isFalse();
        Frame first = r.frames().get(0);
        assertThat(first.batch()).containsExactly(new JobRef(0, 0, 0), new JobRef(1, 0, 0), new JobRef(2, 0, 0));
        assertThat(first.end()).isEqualTo(6);
        assertThat(r.misses().subList(0, 2).stream().map(m -> label(fig1, m)).toList())
                .containsExactlyInAnyOrder("tau1#0", "tau2#0");
    }

    @Test
    void a_timing_anomaly_needs_the_later_start_times_that_domination_keeps() {
        TaskSet ts = new TaskSetReader().read(Path.of("src/test/resources/cases/timing-anomaly.json"));
        for (SearchOrder order : SearchOrder.values()) {
            Analysis a = new GpuSchedExplorer(ts, Options.defaults().withSearch(order)).analyze();
            assertThat(a.verdict()).as(order.name()).isEqualTo(Verdict.SCHEDULABLE);
            assertThat(TableChecker.check(ts, Tables.of(ts, "x", a.schedule()))).isEmpty();
        }
        assertThat(new BruteForceExplorer(ts, Budget.of(1_000_000, null)).analyze().verdict())
                .isEqualTo(Verdict.SCHEDULABLE);
    }

    @Test
    void wcet_above_deadline_is_not_schedulable_with_that_reason() {
        TaskSet ts = TestFiles.parse("{\"tasks\":[{\"name\":\"a\",\"period\":10,\"deadline\":5,\"wcet\":7}]}");
        Analysis a = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.NOT_SCHEDULABLE);
        assertThat(a.witness().reasons()).anySatisfy(r -> assertThat(r).contains("a#0").contains("even alone"));
    }

    @Test
    void a_tiny_state_budget_is_inconclusive_with_statistics() {
        TaskSet big = TestFiles.parse(bigTaskSet());
        // Without the greedy runs, which schedule this set before any state is kept.
        Analysis a = new GpuSchedExplorer(big, Options.defaults().withSearch(SearchOrder.BFS)
                .withBudget(50, null).withGreedyFirst(false)).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.note()).contains("state budget");
        assertThat(a.stats().states()).isGreaterThan(50);
        assertThat(a.stats().edges()).isPositive();
    }

    @Test
    void a_time_limit_is_inconclusive() {
        TaskSet big = TestFiles.parse(bigTaskSet());
        Analysis a = new GpuSchedExplorer(big, Options.defaults().withMerge(MergeLevel.NONE)
                .withBudget(Long.MAX_VALUE, Duration.ofMillis(1))).analyze();
        assertThat(a.verdict()).isIn(Verdict.INCONCLUSIVE, Verdict.SCHEDULABLE);
    }

    @Test
    void same_input_gives_the_same_schedule() {
        List<Frame> one = new GpuSchedExplorer(fig1, Options.defaults()).analyze().schedule();
        List<Frame> two = new GpuSchedExplorer(fig1, Options.defaults()).analyze().schedule();
        assertThat(one).isEqualTo(two);
    }

    @Test
    void stop_all_picks_by_objective_and_every_choice_is_valid() {
        for (Objective o : Objective.values()) {
            Analysis a = new GpuSchedExplorer(fig1, Options.defaults().withStop(StopRule.ALL, o)).analyze();
            assertThat(a.verdict()).isEqualTo(Verdict.SCHEDULABLE);
            assertThat(TableChecker.check(fig1, Tables.of(fig1, "x", a.schedule()))).as(o.name()).isEmpty();
        }
        JobModel jm = new JobModel(fig1);
        List<Frame> fewest = new GpuSchedExplorer(fig1, Options.defaults().withStop(StopRule.ALL,
                Objective.FEWEST_PARALLEL)).analyze().schedule();
        List<Frame> first = new GpuSchedExplorer(fig1, Options.defaults()).analyze().schedule();
        assertThat(Objective.FEWEST_PARALLEL.value(fewest, jm)).isLessThanOrEqualTo(Objective.FEWEST_PARALLEL.value(first, jm));
    }

    /** 8 tasks with harmonic periods and slowdown: far too many states for a budget of 50. */
    static String bigTaskSet() {
        StringBuilder sb = new StringBuilder("{\"tasks\":[");
        long[] periods = {100, 200, 400, 100, 200, 400, 800, 800};
        for (int i = 0; i < periods.length; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"name\":\"k").append(i).append("\",\"period\":").append(periods[i])
                    .append(",\"wcet\":").append(periods[i] / 8).append('}');
        }
        sb.append("],\"interference\":{\"model\":\"slowdown\",\"factors\":{\"k0\":1.5,\"k1\":1.2,\"k2\":1.7}}}");
        return sb.toString();
    }
}
