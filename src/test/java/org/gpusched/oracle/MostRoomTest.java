package org.gpusched.oracle;

import org.gpusched.baseline.Baselines;
import org.gpusched.baseline.EdfBaseline;
import org.gpusched.explore.GpuSchedExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.input.TaskSetReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * oracle.md, most-room without limits: without a warp or thread limit, most-room sends a block to the
 * SM that could still take the most further blocks of its kernel. Two SMs of 65,536 registers,
 * J1 = 2 blocks of 32,768 registers, J2 = 1 block of 65,536. Every SM used to tie (unlimited warp
 * room), so J1's second block followed the first onto SM 0 and J2 found SM 1 empty; now J1
 * spreads (SM 1 has room for 2 more blocks, SM 0 for 1) and J2 fits nowhere.
 */
class MostRoomTest {
    private final TaskSet ts = new TaskSetReader().read(Path.of("src/test/resources/cases/most-room-no-warp-limit.json"));

    @Test
    void blocks_go_where_most_further_blocks_of_the_kernel_fit() {
        Oracle o = new Oracle(ts);
        Placement p = o.place(new int[] {0, 1});
        assertThat(p.eligible()).isFalse();
        assertThat(p.blocksPerSm().get(0)).containsExactly(1, 1);
        assertThat(p.reason()).contains("block 0 of J2 fits on no SM");
        // The other order still works: J2 fills SM 0, J1 takes SM 1.
        Placement q = o.place(new int[] {1, 0});
        assertThat(q.eligible()).isTrue();
        assertThat(q.blocksPerSm().get(1)).containsExactly(0, 2);
    }

    @Test
    void the_edf_parallel_verdict_changes() {
        // EDF order is J1 (deadline 9), J2: the pair is no longer eligible in that order, so
        // J2 runs after J1 and ends at 11 > 10. GPUSched submits J2 first and stays schedulable.
        assertThat(Baselines.run(ts, EdfBaseline.Kind.PARALLEL, Budget.defaults().start()).analysis()
                .verdict()).isEqualTo(Verdict.NOT_SCHEDULABLE);
        assertThat(new GpuSchedExplorer(ts, Options.defaults()).analyze().verdict()).isEqualTo(Verdict.SCHEDULABLE);
    }

    @Test
    void with_only_a_block_limit_blocks_spread() {
        TaskSet loose = new TaskSetReader().read("loose.json", """
                {"gpu": {"sms": 3, "maxBlocksPerSm": 65536},
                 "tasks": [{"name": "a", "period": 10, "wcet": 1, "kernel": {"blocks": 3, "threadsPerBlock": 32}},
                           {"name": "b", "period": 10, "wcet": 1, "kernel": {"blocks": 1, "threadsPerBlock": 32}}]}""");
        // Room is the free block slots, so a's three blocks spread (every SM tied before).
        assertThat(new Oracle(loose).place(new int[] {0, 1}).blocksPerSm().get(0)).containsExactly(1, 1, 1);
    }
}
