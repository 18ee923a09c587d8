package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** device-info --kinds: each kernel kind's floor and calibration error (the preset's on the simulated device). */
class DeviceInfoKindsTest {
    @Test
    void thePresetsKindsArePrintedWithTheirFloorsAndErrors() throws Exception {
        CliRunner text = CliRunner.run("device-info", "--kinds", "--sim-contention", "h200");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("kernel kinds on h200 (preset: measured on an NVIDIA H200")
                .containsPattern("memory +132 +256 +1\\.3 us +\\+7\\.0%")
                .containsPattern("spin +4 +256 +- +\\+0\\.0%");
        CliRunner json = CliRunner.run("device-info", "--kinds", "--sim-contention", "h200", "--format", "json");
        JsonNode o = new ObjectMapper().readTree(json.out());
        assertThat(o.path("kinds")).hasSize(10);
        assertThat(o.path("kinds").get(5).path("floorNs").asLong()).isEqualTo(1_300);
        CliRunner none = CliRunner.run("device-info", "--kinds", "--sim-contention", "a100");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).contains("no preset a100");
        CliRunner alone = CliRunner.run("device-info", "--sim-contention", "h200");
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err()).contains("--sim-contention goes with --kinds");
    }

    /** Without a usable GPU, --kinds says so in one line on stderr and prints the preset. */
    @Test
    void withoutAGpuThePresetIsPrintedAfterOneLine() {
        org.junit.jupiter.api.Assumptions.assumeFalse(CliRunner.gpuUsable(), "a GPU is usable here: --kinds measures it");
        CliRunner r = CliRunner.run("device-info", "--kinds");
        assertThat(r.code()).isZero();
        assertThat(r.err().strip().lines()).singleElement().asString().startsWith("gpusched: no usable GPU (")
                .endsWith("the kinds of the simulated device's h200 preset follow");
        assertThat(r.out()).contains("kernel kinds on h200");
    }
}
