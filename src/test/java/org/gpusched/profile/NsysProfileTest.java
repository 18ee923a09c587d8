package org.gpusched.profile;

import org.gpusched.input.NsysFixture;
import org.gpusched.input.NsysMap;
import org.gpusched.input.NsysTrace;
import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Samples from an Nsight Systems export: mapping, busy periods, isolated and co-run samples, copies. */
class NsysProfileTest {
    static final String WORKLOAD = """
            {"formatVersion": 1, "name": "w", "timeUnit": "us", "tasks": [
              {"name": "a", "period": 100, "deadline": 100, "wcet": 1},
              {"name": "b", "period": 100, "deadline": 100, "wcet": 1},
              {"name": "c", "period": 100, "deadline": 100, "wcet": 1}]}
            """;
    static final String MAP = """
            {"rules": [{"task": "a", "kernel": "^conv"}, {"task": "b", "stream": 7}, {"task": "c", "nvtx": "^post$"}]}
            """;

    /** The trace every test here reads (times in ns); see the comments for what each part tests. */
    static void trace(Path file, boolean textIds) throws Exception {
        try (NsysFixture f = new NsysFixture(file, true, true, textIds)) {
            f.kernel("conv_fwd", 1, 1000, 3000).kernel("conv_fwd", 1, 10000, 12500)   // a alone: 2000, 2500
                    .kernel("gemm", 7, 20000, 24000)                                     // b alone: 4000
                    .range("post", 28000, 29500, 5).kernel("relu", 3, 30000, 31000, 5, 29000) // c alone (NVTX): 1000
                    .kernel("relu", 3, 36000, 37000, 5, 35000)                           // launched outside the range
                    .kernel("conv_fwd", 1, 40000, 43000).kernel("gemm", 7, 41000, 46000) // {a, b}: 6000
                    .kernel("conv_fwd", 1, 50000, 52000).kernel("gemm", 7, 50500, 55500) // {a, b}: 5500
                    .kernel("conv_fwd", 1, 60000, 62000).kernel("conv_bwd", 2, 61000, 63000) // a twice: ambiguous
                    .kernel("memset_kernel", 9, 70000, 71000)                            // unmapped
                    .kernel("conv_fwd", 1, 80000, 82000).kernel("gemm", 7, 82000, 85000) // touching: both alone
                    .kernel("conv_fwd", 7, 90000, 91000)                                 // first rule wins: a
                    .range("post", 100000, 101000, 5).kernel("relu", 3, 102000, 103000, 6, 100500) // other thread
                    .memcpy(7, 19000, 19800, 1 << 20, 1).memcpy(1, 3100, 3300, 4096, 2).memcpy(9, 0, 500, 64, 1);
        }
    }

    static TaskSet workload() {
        return new TaskSetReader(true).read("w.json", WORKLOAD);
    }

    static NsysProfile.Result profile(Path file) {
        TaskSet ts = workload();
        List<NsysMap.Rule> rules = NsysMap.read("map.json", MAP, List.of("a", "b", "c"));
        return NsysProfile.of(ts, NsysTrace.read(file, NsysMap.usesNvtx(rules)), rules, 1000, "nsys:t");
    }

    @Test
    void kernels_become_isolated_and_co_run_samples(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.sqlite");
        trace(db, true);
        NsysProfile.Result r = profile(db);
        assertThat(r.kernels()).isEqualTo(16);
        assertThat(r.mapped()).isEqualTo(13);
        assertThat(r.periods()).isEqualTo(10);
        assertThat(r.ambiguous()).isEqualTo(1);
        Map<Long, long[]> s = new java.util.TreeMap<>();
        r.profile().sets().forEach(x -> s.put(x.mask(), x.samples()));
        assertThat(s.keySet()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(s.get(1L)).containsExactly(2000, 2500, 2000, 1000);
        assertThat(s.get(2L)).containsExactly(4000, 3000);
        assertThat(s.get(4L)).containsExactly(1000);
        assertThat(s.get(3L)).containsExactly(6000, 5500);

        Model max = Model.of(r.profile(), Statistic.MAX, BigDecimal.ONE);
        assertThat(max.wcet()).containsExactly(3, 4, 1);
        assertThat(max.table()).containsExactly(Map.entry(3L, 6L));
        Model mean = Model.of(r.profile(), Statistic.MEAN, new BigDecimal("1.5"));
        // a: mean 1875 ns * 1.5 = 2812.5 -> 3 us; {a, b}: 5750 * 1.5 = 8625 -> 9 us.
        assertThat(mean.wcet()).containsExactly(3, 6, 2);
        assertThat(mean.table()).containsExactly(Map.entry(3L, 9L));
    }

    @Test
    void copies_are_reported_on_their_task_s_stream(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.sqlite");
        trace(db, true);
        assertThat(profile(db).copies()).containsExactly(
                new NsysProfile.Copies("a", 2, 1, 200, 4096),
                new NsysProfile.Copies("b", 1, 1, 800, 1 << 20));
    }

    @Test
    void nvtx_text_inline_reads_the_same_as_text_in_string_ids(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.sqlite");
        Path b = dir.resolve("b.sqlite");
        trace(a, true);
        trace(b, false);
        NsysProfile.Result x = profile(a);
        NsysProfile.Result y = profile(b);
        assertThat(y.mapped()).isEqualTo(x.mapped());
        assertThat(y.profile().sets()).hasSameSizeAs(x.profile().sets());
        for (int i = 0; i < x.profile().sets().size(); i++) {
            assertThat(y.profile().sets().get(i).samples()).containsExactly(x.profile().sets().get(i).samples());
        }
    }

    @Test
    void a_task_never_alone_is_refused_naming_it(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("t.sqlite");
        try (NsysFixture f = new NsysFixture(db, false, false, false)) {
            f.kernel("conv", 1, 0, 100).kernel("gemm", 7, 50, 200).kernel("relu", 3, 300, 400);
        }
        TaskSet ts = workload();
        List<NsysMap.Rule> rules = NsysMap.read("m.json", """
                {"rules": [{"task": "a", "kernel": "conv"}, {"task": "b", "kernel": "gemm"}, {"task": "c", "kernel": "relu"}]}
                """, List.of("a", "b", "c"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NsysProfile.of(ts, NsysTrace.read(db, false), rules, 1000, "t"))
                .hasMessageContaining("\"a\" never ran alone").hasMessageContaining("t.sqlite");
    }
}
