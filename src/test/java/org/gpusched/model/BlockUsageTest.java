package org.gpusched.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlockUsageTest {
    @Test
    void blockUsageSaturatesInsteadOfWrappingAround() {
        Gpu orin = GpuPresets.find("jetson-agx-orin-64gb").orElseThrow().toGpu(SmPolicy.MOST_ROOM);
        BlockUsage u = BlockUsage.of(new Kernel(1, 1024, 255, Long.MAX_VALUE, null, null), orin);
        assertThat(u.sharedMemory()).isEqualTo(Long.MAX_VALUE);
        assertThat(u.violatedOnEmptySm(orin)).isNotNull();
        assertThat(BlockUsage.roundUp(Long.MAX_VALUE - 5, 128)).isEqualTo(Long.MAX_VALUE);
        assertThat(BlockUsage.roundUp(49_152 + 1024, 128)).isEqualTo(50_176);
    }
}
