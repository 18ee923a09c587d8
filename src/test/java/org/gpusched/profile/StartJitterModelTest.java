package org.gpusched.profile;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.RuntimeOverhead;
import org.gpusched.model.TaskSet;
import org.gpusched.player.WakeSkew;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host's frame-start jitter that profile measures joins the measured workload's submission
 * cost, and only there: the kernels' times, taken from samples that never held it, stay as measured.
 */
class StartJitterModelTest {
    @Test
    void theJitterIsAddedToSubmitAndNotTakenOffTheKernels() {
        TaskSet ts = new TaskSetReader().read("a.json", "{\"formatVersion\": 1, \"name\": \"a\", \"timeUnit\": \"us\","
                + " \"tasks\": [{\"name\": \"a\", \"period\": 1000, \"deadline\": 1000, \"wcet\": 5}],"
                + " \"interference\": {\"model\": \"none\"}}");
        List<Profiler.SetSamples> sets = List.of(new Profiler.SetSamples(1, new int[] {0}, new long[] {10_000}));
        RuntimeOverhead runtime = new RuntimeOverhead(0, 2_000, 0, 0);
        Model without = Model.of(new Profiler.Profile(ts, "cuda", 1000, "ns", 0, 1, sets, runtime, 0), Statistic.MAX,
                BigDecimal.ONE);
        Model with = Model.of(new Profiler.Profile(ts, "cuda", 1000, "ns", 0, 1, sets, runtime, 3_500), Statistic.MAX,
                BigDecimal.ONE);
        assertThat(without.wcet()).containsExactly(8);
        assertThat(with.wcet()).containsExactly(8);
        assertThat(without.overhead().submit()).isEqualTo(2);
        assertThat(with.overhead().submit()).isEqualTo(2 + 4);
    }

    @Test
    void theSkewDistributionIsNearestRank() {
        long[] skews = new long[200];
        for (int i = 0; i < skews.length; i++) {
            skews[i] = i + 1;
        }
        skews[7] = 749_000;
        WakeSkew w = WakeSkew.of(skews);
        assertThat(w.count()).isEqualTo(200);
        assertThat(w.p50()).isEqualTo(101);
        assertThat(w.p99()).isEqualTo(199);
        assertThat(w.max()).isEqualTo(749_000);
        assertThat(w.bound()).isEqualTo(749_000);
        assertThat(w.toString()).isEqualTo("p50 101 ns, p99 199 ns, max 749000 ns over 200 frames");
        assertThat(WakeSkew.of(new long[0])).isEqualTo(WakeSkew.NONE);
        assertThat(WakeSkew.of(new long[] {-5}).bound()).isZero();
    }
}
