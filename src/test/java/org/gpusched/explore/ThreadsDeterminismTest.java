package org.gpusched.explore;

import org.gpusched.explore.bound.LiveBound;
import org.gpusched.explore.graph.Engine;
import org.gpusched.explore.graph.LayerSplit;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.GraphExport;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.Stats;
import org.gpusched.explore.result.StopRule;
import org.gpusched.explore.result.Verdict;
import org.gpusched.RandomTaskSets;
import org.gpusched.model.TaskSet;
import org.gpusched.TestFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * --threads: the same verdict, schedule, witness, note, optimum, vertices per depth, explored
 * graph and statistics (all but time and heap) on 1, 2, 3 and 4 threads, on random sets: auto
 * with turns of a few states (the engines alternate many times, the speculative depth-first turn
 * is often thrown away, a breadth-first turn ends inside a round of the split layer),
 * breadth-first alone, a state budget that stops in the middle of a layer, --stop all with a
 * summed objective (costs of paths replaced while a layer is inserted), without merging, and
 * with the graph recorded; rounds of 1 to 4 vertices so that every layer needs many rounds.
 */
class ThreadsDeterminismTest {
    @Test
    @Timeout(300) // a lost hand-over between threads would otherwise hang the suite
    void every_thread_count_gives_the_one_thread_result() {
        List<String> diffs = new ArrayList<>();
        int[] verdicts = new int[3];
        int sets = 0;
        for (long seed = 1; sets < 200; seed++) {
            TaskSet ts = RandomTaskSets.generate(seed, 3, 5);
            if (ts.jobCount() > 40) {
                continue;
            }
            sets++;
            Options plain = Options.defaults().withGreedyFirst(false);
            Analysis bfs = new GpuSchedExplorer(ts, plain.withSearch(SearchOrder.BFS)).analyze();
            long half = Math.max(1, bfs.stats().states() / 2);
            List<Options> configs = List.of(
                    TestOptions.dive(plain, 2),
                    TestOptions.dive(Options.defaults(), 7),
                    plain.withSearch(SearchOrder.BFS),
                    plain.withSearch(SearchOrder.BFS).withBudget(half, null),
                    TestOptions.dive(plain, 3).withBudget(half + 1, null),
                    Options.defaults().withStop(StopRule.ALL, Objective.MOST_SLACK),
                    plain.withSearch(SearchOrder.BFS).withMerge(MergeLevel.NONE).withBudget(4 * half, null),
                    plain.withSearch(SearchOrder.BFS).withGraphLimit(100_000));
            for (int c = 0; c < configs.size(); c++) {
                Options o = configs.get(c);
                int round = 1 + (int) ((seed + c) % 4);
                List<Object> one = key(ts, o.withThreads(1), round);
                verdicts[(Verdict) one.get(0) == Verdict.SCHEDULABLE ? 0 : one.get(0) == Verdict.NOT_SCHEDULABLE ? 1 : 2]++;
                for (int threads = 2; threads <= 4; threads++) {
                    List<Object> many = key(ts, o.withThreads(threads), round);
                    if (!one.equals(many)) {
                        diffs.add("seed " + seed + " config " + c + " threads " + threads + ": " + one + " vs " + many);
                    }
                }
            }
        }
        assertThat(diffs).isEmpty();
        assertThat(verdicts[0]).as("schedulable").isGreaterThan(150);
        assertThat(verdicts[1]).as("not schedulable").isGreaterThan(150);
        assertThat(verdicts[2]).as("inconclusive (state budget)").isGreaterThan(75);
    }

    @Test
    @Timeout(300) // a lost hand-over between threads would otherwise hang the suite
    void too_many_candidate_batches_on_a_worker_is_the_same_inconclusive_result() {
        // The root's batches are enumerated by a worker; the engine rethrows the oracle's refusal
        // at the same point as one thread would meet it.
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < 24; i++) {
            tasks.append(i == 0 ? "" : ",").append("{\"name\":\"t").append(i).append("\",\"period\":100,\"wcet\":1}");
        }
        TaskSet ts = TestFiles.parse("{\"tasks\":[" + tasks + "]}");
        Options bfs = Options.defaults().withGreedyFirst(false).withSearch(SearchOrder.BFS);
        List<Object> one = key(ts, bfs.withThreads(1), LayerSplit.ROUND);
        assertThat(one.get(0)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(String.valueOf(one.get(4))).contains("candidate batches");
        for (int threads = 2; threads <= 4; threads++) {
            assertThat(key(ts, bfs.withThreads(threads), LayerSplit.ROUND)).isEqualTo(one);
        }
    }

    private static List<Object> key(TaskSet ts, Options o, int round) {
        GpuSchedExplorer x = new GpuSchedExplorer(ts, o, LiveBound.Mutation.NONE, Engine.LAZY_FROM,
                GpuSchedExplorer.GREEDY_FROM, round);
        Analysis a = x.analyze();
        Stats s = a.stats();
        String graph = "";
        if (x.graph() != null && o.graphLimit() > 0) {
            StringWriter w = new StringWriter();
            GraphExport.write(x.graph(), ts, GraphExport.Format.DOT, w);
            graph = w.toString();
        }
        return List.of(a.verdict(), a.method(), a.schedule(), String.valueOf(a.witness()), String.valueOf(a.note()),
                String.valueOf(a.achieved()), List.of(s.vertices(), s.states(), s.edges(), s.merges(), s.splits(),
                        s.fastForwards(), s.pruned(), s.maxDepth()),
                Arrays.toString(x.verticesPerDepth()), graph);
    }
}
