package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The simulated device loaded with the H200 preset: its runtime cost per frame against the H200's measurements. */
class SimDeviceFitTest {
    /**
     * Medians (us) of the spin kernels of ../shared/device/h200-2026-11/calib-samples.csv: one kernel
     * alone, from the submission to the synchronise's return, asked 20, 200 and 2000 us at 4 and at
     * 132 blocks of 256 threads.
     */
    private static final long[] ASKED = {20, 200, 2000};
    private static final double[][] MEASURED = {{30.1, 210.7, 2013.7}, {30.9, 210.6, 2012.2}};
    private static final int[] BLOCKS = {4, 132};

    @Test
    void withTheH200PresetAOneKernelFrameTakesWhatTheH200TookWithin15Percent() {
        SimDeviceFit h200 = SimDeviceFit.load("h200");
        for (int b = 0; b < BLOCKS.length; b++) {
            for (int a = 0; a < ASKED.length; a++) {
                TaskSet ts = spin(ASKED[a], BLOCKS[b]);
                long sim = h200.apply(SimTiming.own(ts)).completion(1);
                assertThat((double) sim).as("spin %d us at %d blocks", ASKED[a], BLOCKS[b])
                        .isCloseTo(MEASURED[b][a], within(0.15 * MEASURED[b][a]));
                // Without the preset the simulator charges nothing: the H200's cost is what it adds.
                assertThat(SimTiming.own(ts).completion(1)).isEqualTo(ASKED[a]);
            }
        }
    }

    @Test
    void theRuntimeIsTheDevicesInTheWorkloadsUnitAndAFileCarriesContentionOnly(@TempDir Path dir) throws Exception {
        TaskSet us = spin(100, 4);
        // 6.2 + 2.6 + 2.6 us, each rounded up to whole us.
        assertThat(SimDeviceFit.load("h200").apply(SimTiming.own(us)).completion(1)).isEqualTo(100 + 7 + 3 + 3);
        assertThat(SimDeviceFit.load("h200").apply(SimTiming.own(us)).deviceName()).isEqualTo("sim (fitted to h200)");
        Path file = Files.writeString(dir.resolve("sets.csv"), DevicePresets.text("h200-interference-sets.csv"));
        SimDeviceFit fromFile = SimDeviceFit.load(file.toString());
        assertThat(fromFile.floors()).isNull();
        assertThat(fromFile.runtimeNs()).isNull();
        assertThat(fromFile.apply(SimTiming.own(us)).completion(1)).isEqualTo(100);
    }

    private static TaskSet spin(long wcet, int blocks) {
        return new TaskSetReader().read("spin.json", "{\"formatVersion\": 1, \"name\": \"spin\", \"timeUnit\": \"us\","
                + " \"tasks\": [{\"name\": \"s\", \"period\": 10000, \"deadline\": 10000, \"wcet\": " + wcet + ","
                + " \"kernel\": {\"blocks\": " + blocks + ", \"threadsPerBlock\": 256}}], \"interference\": {\"model\": \"none\"}}");
    }
}
