package org.gpusched.oracle;

import org.gpusched.TestFiles;
import org.gpusched.model.BlockUsage;
import org.gpusched.model.Gpu;
import org.gpusched.model.GpuPresets;
import org.gpusched.model.Kernel;
import org.gpusched.model.SmPolicy;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

class OracleTest {

    private static TaskSet example21(String policy) {
        return TestFiles.parse("""
                {"gpu": {"sms": 2, "maxThreadsPerSm": 256, "maxWarpsPerSm": 8, "smPolicy": "%s"},
                 "tasks": [
                   {"name": "J1", "period": 100, "wcet": 10, "kernel": {"blocks": 4, "threadsPerBlock": 64}},
                   {"name": "J2", "period": 100, "wcet": 10, "kernel": {"blocks": 1, "threadsPerBlock": 192}}]}
                """.formatted(policy));
    }

    @ParameterizedTest
    @EnumSource(SmPolicy.class)
    void example_2_1_order_decides_eligibility_under_both_policies(SmPolicy policy) {
        Oracle o = new Oracle(example21(policy.json()));
        Placement j1j2 = o.place(new int[] {0, 1});
        assertThat(j1j2.eligible()).isFalse();
        // The kernel at position 1 fails, at its block 0.
        assertThat(j1j2.reason()).isEqualTo("block 0 of " + o.unitName(1) + " fits on no SM");
        assertThat(j1j2.blocksPerSm().get(0)).containsExactly(2, 2);
        assertThat(o.place(new int[] {1, 0}).eligible()).isTrue();
        BatchInfo set = o.batch(0b11);
        assertThat(set.eligible()).isTrue();
        assertThat(set.order()).containsExactly(1, 0);
    }

    @Test
    void most_room_puts_all_four_j1_blocks_on_sm_1() {
        Placement p = new Oracle(example21("most-room")).place(new int[] {1, 0});
        assertThat(p.blocksPerSm().get(0)).containsExactly(1, 0);
        assertThat(p.blocksPerSm().get(1)).containsExactly(0, 4);
    }

    @Test
    void round_robin_puts_one_j1_block_on_sm_0_and_three_on_sm_1() {
        Placement p = new Oracle(example21("round-robin")).place(new int[] {1, 0});
        assertThat(p.blocksPerSm().get(1)).containsExactly(1, 3);
    }

    @Test
    void the_shipped_example_file_matches() {
        Oracle o = new Oracle(TestFiles.load("paper-example-2-1.json"));
        assertThat(o.place(new int[] {0, 1}).eligible()).isFalse();
        assertThat(o.place(new int[] {1, 0}).eligible()).isTrue();
    }

    @Test
    void registers_are_allocated_per_warp_in_units_of_256_on_cc_8_6() {
        Gpu rtx3090 = GpuPresets.find("rtx-3090").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        // 37 registers x 32 threads = 1184, rounded up to 1280 per warp; 256 threads = 8 warps.
        BlockUsage u = BlockUsage.of(new Kernel(1, 256, 37, 0, null, null), rtx3090);
        assertThat(u.warps()).isEqualTo(8);
        assertThat(u.registers()).isEqualTo(8 * 1280);
        // 65536 / 10240 = 6 such blocks fit on one SM by registers; 48 warps allow 6 too.
        assertThat(65536 / u.registers()).isEqualTo(6);
    }

    @Test
    void shared_memory_adds_the_1_kib_reservation_and_rounds_to_128_bytes_on_cc_8_0() {
        Gpu a100 = GpuPresets.find("a100").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        BlockUsage u = BlockUsage.of(new Kernel(1, 128, 0, 1000, null, null), a100);
        assertThat(u.sharedMemory()).isEqualTo(2048); // 1000 + 1024 = 2024 -> 2048
        assertThat(BlockUsage.of(new Kernel(1, 128, 0, 0, null, null), a100).sharedMemory()).isZero();
        Gpu xavier = GpuPresets.find("jetson-agx-xavier").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        assertThat(BlockUsage.of(new Kernel(1, 128, 0, 1000, null, null), xavier).sharedMemory()).isEqualTo(1024);
    }

    @Test
    void threads_round_up_to_whole_warps() {
        Gpu g = GpuPresets.find("jetson-agx-orin-64gb").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        BlockUsage u = BlockUsage.of(new Kernel(1, 33, 0, 0, null, null), g);
        assertThat(u.warps()).isEqualTo(2);
        assertThat(u.threads()).isEqualTo(64);
        assertThat(g.sms()).isEqualTo(16);
        assertThat(g.maxThreadsPerSm()).isEqualTo(1536);
        assertThat(g.sharedMemoryPerSm()).isEqualTo(164 * 1024);
    }

    @Test
    void presets_cover_the_spec_table() {
        assertThat(GpuPresets.all()).hasSize(19);
        Gpu paper = GpuPresets.find("paper-8sm").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        assertThat(paper.sms()).isEqualTo(8);
        assertThat(paper.maxThreadsPerSm()).isEqualTo(1024);
        assertThat(paper.maxBlocksPerSm()).isEqualTo(32);
        assertThat(paper.registersPerSm()).isEqualTo(Gpu.UNLIMITED);
        Gpu tx2 = GpuPresets.find("jetson-tx2").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        assertThat(tx2.maxResidentKernels()).isEqualTo(16);
        assertThat(GpuPresets.find("h100-pcie").orElseThrow().sms()).isEqualTo(114);
        assertThat(GpuPresets.find("rtx-4090").orElseThrow().capability().blocks()).isEqualTo(24);
    }

    @Test
    void max_resident_kernels_limits_the_batch() {
        TaskSet ts = TestFiles.parse("""
                {"gpu": {"sms": 4, "maxThreadsPerSm": 2048, "maxResidentKernels": 2},
                 "tasks": [{"name": "a", "period": 10, "wcet": 1, "kernel": {"blocks": 1, "threadsPerBlock": 32}},
                           {"name": "b", "period": 10, "wcet": 1, "kernel": {"blocks": 1, "threadsPerBlock": 32}},
                           {"name": "c", "period": 10, "wcet": 1, "kernel": {"blocks": 1, "threadsPerBlock": 32}}]}
                """);
        Oracle o = new Oracle(ts);
        assertThat(o.batch(0b011).eligible()).isTrue();
        assertThat(o.batch(0b111).eligible()).isFalse();
        assertThat(o.place(new int[] {0, 1, 2}).reason()).contains("maxResidentKernels");
    }

    @Test
    void a_single_kernel_larger_than_the_gpu_is_eligible_alone_but_not_with_others() {
        TaskSet ts = TestFiles.parse("""
                {"gpu": {"sms": 1, "maxThreadsPerSm": 256},
                 "tasks": [{"name": "big", "period": 10, "wcet": 5, "kernel": {"blocks": 100, "threadsPerBlock": 128}},
                           {"name": "small", "period": 10, "wcet": 1, "kernel": {"blocks": 1, "threadsPerBlock": 32}}]}
                """);
        Oracle o = new Oracle(ts);
        assertThat(o.batch(0b01).eligible()).isTrue();
        assertThat(o.batch(0b11).eligible()).isFalse();
    }

    @Test
    void slowdown_is_exact_decimal_and_rounds_up() {
        TaskSet ts = TestFiles.parse("""
                {"tasks": [{"name": "a", "period": 1000, "wcet": 100}, {"name": "b", "period": 1000, "wcet": 10}],
                 "interference": {"model": "slowdown", "factors": {"a": 1.1, "b": 1.01}}}
                """);
        CompletionModel c = new CompletionModel(ts);
        // 100 * 1.1 is exactly 110 in decimal (binary floating point gives 110.00000000000001 -> 111).
        assertThat(c.completion(0b11)).isEqualTo(110);
        assertThat(c.completion(0b01)).isEqualTo(100);
        assertThat(CompletionModel.slow(10, new java.math.BigDecimal("1.01"))).isEqualTo(11);
    }

    @Test
    void table_model_uses_entries_and_the_missing_rule() {
        String base = """
                {"tasks": [{"name": "a", "period": 100, "wcet": 10}, {"name": "b", "period": 100, "wcet": 20},
                           {"name": "c", "period": 100, "wcet": 30}],
                 "interference": {"model": "table", "missing": "%s", "factors": {"c": 1.5},
                                  "entries": [{"tasks": ["a", "b"], "completion": 25}]}}
                """;
        CompletionModel forbid = new CompletionModel(TestFiles.parse(base.formatted("forbid")));
        assertThat(forbid.completion(0b011)).isEqualTo(25);
        assertThat(forbid.completion(0b101)).isEqualTo(CompletionModel.FORBIDDEN);
        assertThat(new CompletionModel(TestFiles.parse(base.formatted("none"))).completion(0b101)).isEqualTo(30);
        assertThat(new CompletionModel(TestFiles.parse(base.formatted("slowdown"))).completion(0b101)).isEqualTo(45);
        assertThat(new Oracle(TestFiles.parse(base.formatted("forbid"))).batch(0b101).eligible()).isFalse();
    }

    @Test
    void the_set_answer_agrees_with_trying_every_order() {
        for (long seed = 1; seed <= 300; seed++) {
            TaskSet ts = org.gpusched.RandomTaskSets.generate(seed, 2, 4);
            Oracle o = new Oracle(ts);
            long all = (1L << ts.size()) - 1;
            BatchList list = o.batchesOf(all);
            java.util.List<Long> listed = java.util.stream.IntStream.range(0, list.nodes())
                    .filter(i -> list.eligible()[i]).mapToObj(i -> list.masks()[i]).toList();
            for (long mask = 1; mask < (1L << ts.size()); mask++) {
                boolean any = anyOrderEligible(o, Oracle.tasksOf(mask), 0);
                assertThat(listed.contains(mask)).as("batchesOf, seed %d mask %d", seed, mask).isEqualTo(any);
                assertThat(o.batch(mask).eligible()).as("seed %d mask %d", seed, mask).isEqualTo(any);
                if (any) {
                    assertThat(o.place(o.batch(mask).order()).eligible()).isTrue();
                }
            }
        }
    }

    private static boolean anyOrderEligible(Oracle o, int[] a, int k) {
        if (k == a.length) {
            return o.place(a.clone()).eligible();
        }
        for (int i = k; i < a.length; i++) {
            swap(a, k, i);
            boolean ok = anyOrderEligible(o, a, k + 1);
            swap(a, k, i);
            if (ok) {
                return true;
            }
        }
        return false;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
