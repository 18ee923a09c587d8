package org.gpusched.player;

import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What {@code experiment interference --device cuda} opens the GPU with, checked without one. */
class KindBenchTest {
    static final List<KernelKind> KINDS = List.of(KernelKind.COMPUTE, KernelKind.MEMORY, KernelKind.CACHE, KernelKind.SHARED);

    @Test
    void opensCopiesOfEveryKindAtOneLaunchShape() {
        TaskSet ts = KindBench.taskSet(KINDS, 3);
        assertThat(ts.size()).isEqualTo(12);
        assertThat(ts.task(4).name()).isEqualTo("memory-1");
        NativeTable.Kernels k = NativeTable.kernels(ts, 1);
        assertThat(k.kinds()).containsExactly(1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4);
        assertThat(KINDS.stream().map(Enum::ordinal).toList()).containsExactly(1, 2, 3, 4);
        assertThat(k.blocks()).containsOnly(KindBench.BLOCKS);
        assertThat(k.threads()).containsOnly(KindBench.THREADS);
        assertThat(k.maxH2dNs()).isZero();
    }

    @Test
    void aKindTwiceInASetRunsOnTwoOfItsCopies() {
        assertThat(KindBench.order(KINDS, 3, List.of(KernelKind.MEMORY, KernelKind.COMPUTE, KernelKind.MEMORY)))
                .containsExactly(3, 0, 4);
        assertThat(KindBench.order(KINDS, 3, List.of(KernelKind.SHARED))).containsExactly(9);
        assertThatThrownBy(() -> KindBench.order(KINDS, 1, List.of(KernelKind.CACHE, KernelKind.CACHE)))
                .hasMessageContaining("no kernel left for CACHE");
    }
}
