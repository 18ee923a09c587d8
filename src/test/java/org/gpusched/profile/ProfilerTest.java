package org.gpusched.profile;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.model.InputException;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.ExecTime;
import org.gpusched.player.SimProfileDevice;
import org.gpusched.player.SimTiming;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfilerTest {
    private static final Path FIG1 = Path.of("examples/paper-fig1.json");

    @Test
    void statistics_are_max_nearest_rank_p99_and_mean_rounded_up() {
        long[] hundred = new long[100];
        for (int i = 0; i < 100; i++) {
            hundred[i] = 100 - i;
        }
        assertThat(Statistic.MAX.of(hundred)).isEqualTo(100);
        assertThat(Statistic.P99.of(hundred)).isEqualTo(99);
        assertThat(Statistic.P99.of(new long[] {5, 1, 3})).isEqualTo(5);
        assertThat(Statistic.MEAN.of(new long[] {1, 2})).isEqualTo(2);
        assertThat(Statistic.MEAN.of(new long[] {2, 2, 2})).isEqualTo(2);
    }

    @Test
    void every_set_the_oracle_lets_run_together_is_profiled_up_to_the_size_limit() {
        TaskSet ts = new TaskSetReader().read(FIG1);
        assertThat(Profiler.sets(ts, 3)).hasSize(7);
        assertThat(Profiler.sets(ts, 2)).hasSize(6);
        assertThat(Profiler.sets(ts, 1)).extracting(o -> o.length).containsExactly(1, 1, 1);
    }

    @Test
    void samples_to_ticks_round_up_after_the_margin() {
        assertThat(Model.ticks(1000, BigDecimal.ONE, 1000)).isEqualTo(1);
        assertThat(Model.ticks(1001, BigDecimal.ONE, 1000)).isEqualTo(2);
        assertThat(Model.ticks(10, new BigDecimal("1.05"), 1)).isEqualTo(11);
        assertThat(Model.ticks(0, BigDecimal.ONE, 1)).isEqualTo(1);
    }

    @Test
    void a_set_measured_below_a_members_wcet_is_raised_to_it() {
        Model m = Model.clamp(new long[] {3, 5}, java.util.Map.of(3L, 4L), RuntimeOverhead.NONE, null, null);
        assertThat(m.table()).containsEntry(3L, 5L);
        assertThat(m.clamped()).isEqualTo(1);
    }

    @Test
    void a_timing_model_of_another_workload_is_refused() {
        TaskSet ts = new TaskSetReader().read(FIG1);
        TaskSet other = new TaskSetReader().read(Path.of("examples/player-calibration.json"));
        assertThatThrownBy(() -> SimTiming.of(ts, other)).isInstanceOf(InputException.class)
                .hasMessageContaining("not of paper-fig1");
    }

    /**
     * Profiling round trip, on random task sets of every interference model: profiled on a
     * simulated device whose timing is the workload's own model, the measured workload has the
     * same completion time for every set the oracle admits and the same exact verdict.
     */
    @Test
    void profiling_a_simulated_device_that_matches_the_model_changes_no_verdict() throws Exception {
        for (int seed = 1; seed <= SETS; seed++) {
            profileMatchesModel(seed);
        }
    }

    /** Sets per run; -Dgpusched.profileSets=N for a longer soak. */
    private static final int SETS = Integer.getInteger("gpusched.profileSets", 100);

    private static void profileMatchesModel(int seed) throws Exception {
        String json = randomTaskSet(new Random(seed));
        Path dir = Files.createTempDirectory("profile");
        Path in = Files.writeString(dir.resolve("in.json"), json);
        TaskSet ts = new TaskSetReader().read(in);
        Profiler.Profile p = Profiler.run(ts, new SimProfileDevice(SimTiming.own(ts), ExecTime.WCET, 1, "tick"),
                Profiler.sets(ts, ts.size()), 1, 3, () -> { });
        Model m = Model.of(p, Statistic.MAX, BigDecimal.ONE);
        String out = MeasuredWorkload.json(ts, json, m, dir.resolve("out.json").toString());
        TaskSet measured = new TaskSetReader(true).read(dir.resolve("out.json").toString(), out);
        CompletionModel a = new CompletionModel(ts);
        CompletionModel b = new CompletionModel(measured);
        Oracle oracle = new Oracle(ts);
        for (long mask = 1; mask < 1L << ts.size(); mask++) {
            long want = oracle.batch(mask).eligible() ? a.completion(mask) : CompletionModel.FORBIDDEN;
            assertThat(new Oracle(measured).batch(mask).eligible() ? b.completion(mask) : CompletionModel.FORBIDDEN)
                    .as("seed %d, set %d of %s", seed, mask, json).isEqualTo(want);
        }
        Analysis before = new GpuSchedExplorer(ts, Options.defaults()).analyze();
        Analysis after = new GpuSchedExplorer(measured, Options.defaults()).analyze();
        assertThat(after.verdict()).as("seed %d: %s", seed, json).isEqualTo(before.verdict());
    }

    /** 2 to 4 tasks of small periods, with a none, slowdown or table (forbid or fallback) model. */
    static String randomTaskSet(Random r) {
        int n = 2 + r.nextInt(3);
        int[] periods = {4, 5, 10, 20};
        StringBuilder tasks = new StringBuilder();
        int[] wcet = new int[n];
        for (int i = 0; i < n; i++) {
            int t = periods[r.nextInt(periods.length)];
            wcet[i] = 1 + r.nextInt(Math.max(1, t / 2));
            tasks.append(i == 0 ? "" : ",").append(String.format(
                    "{\"name\":\"t%d\",\"period\":%d,\"deadline\":%d,\"wcet\":%d}", i, t, t, wcet[i]));
        }
        String inter = switch (r.nextInt(3)) {
            case 0 -> "{\"model\":\"none\"}";
            case 1 -> "{\"model\":\"slowdown\",\"factors\":{\"t0\":1.5,\"t1\":1.25}}";
            default -> {
                StringBuilder e = new StringBuilder();
                for (long mask = 1; mask < 1L << n; mask++) {
                    if (Long.bitCount(mask) < 2 || r.nextInt(4) == 0) {
                        continue;
                    }
                    long max = 0;
                    StringBuilder names = new StringBuilder();
                    for (int i = 0; i < n; i++) {
                        if ((mask >> i & 1) != 0) {
                            max = Math.max(max, wcet[i]);
                            names.append(names.isEmpty() ? "" : ",").append("\"t").append(i).append('"');
                        }
                    }
                    e.append(e.isEmpty() ? "" : ",").append("{\"tasks\":[").append(names).append("],\"completion\":")
                            .append(max + r.nextInt(3)).append('}');
                }
                yield "{\"model\":\"table\",\"missing\":\"" + List.of("forbid", "none", "slowdown").get(r.nextInt(3))
                        + "\",\"entries\":[" + e + "]}";
            }
        };
        return "{\"formatVersion\":1,\"tasks\":[" + tasks + "],\"interference\":" + inter + "}\n";
    }
}
