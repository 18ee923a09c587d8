package org.gpusched.explore;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Verdict;
import org.gpusched.TestFiles;
import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Inputs at the edges of what the explorer can hold: it must answer, or say why not, never crash. */
class ExplorerLimitsTest {

    private static String tasks(int n, long period, long wcet) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append("{\"name\":\"k").append(i).append("\",\"period\":").append(period)
                    .append(",\"wcet\":").append(wcet).append('}');
        }
        return sb.append(']').toString();
    }

    @Test
    void huge_resource_limits_do_not_overflow_the_capacity_test() {
        // The largest limits the reader accepts (format.md, Limits; 2^62 registers per SM, which
        // overflowed registersPerSm * sms here, are refused since); the two kernels obviously fit together.
        TaskSet ts = TestFiles.parse("""
                {"gpu":{"sms":65536,"maxThreadsPerSm":1048576,"registersPerSm":16777216,"sharedMemoryPerSm":16777216,
                        "maxBlocksPerSm":65536},
                 "tasks":[{"name":"a","period":4,"deadline":2,"wcet":2,"kernel":{"blocks":1,"threadsPerBlock":32}},
                          {"name":"b","period":4,"deadline":2,"wcet":2,"kernel":{"blocks":1,"threadsPerBlock":32}}]}
                """);
        assertThat(new BruteForceExplorer(ts, Budget.of(100_000, null)).analyze().verdict())
                .isEqualTo(Verdict.SCHEDULABLE);
        assertThat(new GpuSchedExplorer(ts, Options.defaults()).analyze().verdict()).isEqualTo(Verdict.SCHEDULABLE);
    }

    @Test
    void too_many_candidate_batches_is_inconclusive_not_a_crash() {
        // 24 ready tasks on an unlimited GPU: 2^24 candidate batches from the very first state.
        // Breadth-first materialises them and must stop. (The greedy runs schedule this set at
        // once, so they are off: the search itself is tested.)
        TaskSet ts = TestFiles.parse("{\"tasks\":" + tasks(24, 100, 1) + "}");
        Analysis a = new GpuSchedExplorer(ts, Options.defaults().withGreedyFirst(false)
                .withSearch(SearchOrder.BFS)).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.note()).contains("candidate batches");
    }

    @Test
    void depth_first_walks_too_many_candidate_batches_lazily() {
        // The same state: depth-first walks its batches on demand, most urgent first, and auto lets
        // breadth-first retire instead of giving up (it used to end inconclusive here).
        TaskSet ts = TestFiles.parse("{\"tasks\":" + tasks(24, 100, 1) + "}");
        for (Options o : List.of(Options.defaults().withGreedyFirst(false),
                Options.defaults().withGreedyFirst(false).withSearch(SearchOrder.DFS),
                Options.defaults().withGreedyFirst(false).withThreads(2))) {
            Analysis a = new GpuSchedExplorer(ts, o).analyze();
            assertThat(a.verdict()).as(a.method()).isEqualTo(Verdict.SCHEDULABLE);
            assertThat(TableChecker.check(ts, Tables.of(ts, "gpusched", a.schedule()))).isEmpty();
        }
    }

    @Test
    void a_witness_over_many_ready_tasks_is_cheap() {
        String many = tasks(24, 10, 1);
        String json = "{\"tasks\":" + many.substring(0, many.length() - 1)
                + ",{\"name\":\"late\",\"period\":10,\"wcet\":11}]}";
        Analysis a = new GpuSchedExplorer(TestFiles.parse(json), Options.defaults()).analyze();
        assertThat(a.verdict()).isEqualTo(Verdict.NOT_SCHEDULABLE);
        assertThat(a.witness().reasons()).anySatisfy(r -> assertThat(r).contains("late#0", "even alone"));
    }

    @Test
    void absurd_sm_counts_are_refused() {
        assertThatThrownBy(() -> TestFiles.parse("""
                {"gpu":{"sms":3000000000,"maxThreadsPerSm":1024},
                 "tasks":[{"name":"a","period":4,"wcet":2,"kernel":{"blocks":1,"threadsPerBlock":32}}]}
                """)).isInstanceOf(InputException.class).hasMessageContaining("gpu.sms").hasMessageContaining("65536");
    }
}
