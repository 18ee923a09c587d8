package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.io.FileNotFoundException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The native layer as this build made it. With the cuda profile on, the library must load and
 * either see a GPU or say cleanly that there is none; with it off, say it was not built.
 */
class NativePlayerTest {

    @Test
    void aLoadThatFailedInAnyWayRefusesEveryLaterCall() {
        NativePlayer.Attempt odd = new NativePlayer.Attempt();
        assertThatThrownBy(() -> odd.load(() -> {
            throw new IllegalArgumentException("a path no file system takes");
        })).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> odd.load(() -> { })).isInstanceOf(CudaException.class)
                .hasMessageContaining("its first attempt failed")
                .satisfies(e -> assertThat(((CudaException) e).kind()).isEqualTo(CudaException.Kind.NO_LIBRARY));

        NativePlayer.Attempt missing = new NativePlayer.Attempt();
        for (int call = 0; call < 2; call++) {
            assertThatThrownBy(() -> missing.load(() -> {
                throw new FileNotFoundException("libx.so");
            })).isInstanceOf(CudaException.class).hasMessage("cannot load the native player: libx.so");
        }

        NativePlayer.Attempt fine = new NativePlayer.Attempt();
        int[] runs = {0};
        fine.load(() -> runs[0]++);
        fine.load(() -> runs[0]++);
        assertThat(runs[0]).as("loaded once").isEqualTo(1);
    }

    @Test
    void builtLibraryLoadsAndReportsTheDeviceOrItsAbsence() {
        assumeTrue(NativePlayer.bundled(), "native library not built (cuda profile off)");
        List<String> info;
        try {
            info = CudaDevice.info(0);
        } catch (CudaException e) {
            assertThat(e.kind()).as(e.getMessage()).isIn(CudaException.Kind.NO_DEVICE, CudaException.Kind.NO_DRIVER);
            assertThat(e.getMessage()).matches("cudaError(NoDevice|InsufficientDriver) \\(\\d+\\): .*");
            // The clean refusal is checked; what the test is for needs a GPU, so it is skipped, not passed.
            abort("no usable GPU: " + e.getMessage());
            return;
        }
        assertThat(info).anyMatch(s -> s.startsWith("name=")).anyMatch(s -> s.startsWith("sms="));
    }

    /**
     * A workload with chains, copies and kernel kinds: on a GPU it plays, each copy takes about its
     * stated time and lies inside its frame, each kernel at least about its asked time; without one,
     * opening the device fails cleanly as "no usable GPU".
     */
    @Test
    void chainsAndCopiesPlayOnTheGpuOrFailCleanlyWithoutOne() {
        assumeTrue(NativePlayer.bundled(), "native library not built (cuda profile off)");
        TaskSet ts = new TaskSetReader().read(NativeTableTest.CASE);
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 3);
        CudaDevice gpu;
        try {
            gpu = CudaDevice.open(ts, 0, NativeTableTest.TICK_NS);
        } catch (CudaException e) {
            assertThat(e.unavailable()).as(e.getMessage()).isTrue();
            abort("no usable GPU: " + e.getMessage());
            return;
        }
        try (gpu) {
            PlayResult r = PlayResult.of(plan, Mode.TIME_TRIGGERED,
                    gpu.play(plan, Mode.TIME_TRIGGERED, ExecTime.WCET.durations(plan, 1)));
            for (PlayResult.JobRow j : r.jobs()) {
                PlayResult.Ops o = j.ops();
                PlayResult.BatchRow b = r.batches().get(j.entry());
                for (long[] copy : new long[][] {{o.h2dModel(), o.h2dTime()}, {o.d2hModel(), o.d2hTime()}}) {
                    if (copy[0] > 0) {
                        // Within 20 us plus 20% of the stated time: calibration, not noise, decides this.
                        assertThat(Math.abs(copy[1] - copy[0])).as(j.toString()).isLessThan(20_000 + copy[0] / 5);
                    }
                }
                assertThat(o.kernelTime()).as(j.toString()).isGreaterThan(o.kernelModel() * 9 / 10);
                assertThat(j.start()).as(j.toString()).isGreaterThanOrEqualTo(b.start() - 10_000);
                assertThat(j.finish()).as(j.toString()).isLessThanOrEqualTo(b.end() + 10_000);
            }
        }
    }

    @Test
    void missingLibraryIsReportedAsNotBuilt() {
        assumeFalse(NativePlayer.bundled(), "native library built");
        assumeTrue(System.getProperty("gpusched.native") == null && System.getenv("GPUSCHED_NATIVE") == null);
        assertThatThrownBy(NativePlayer::load).isInstanceOf(CudaException.class)
                .hasMessageContaining("native library not built")
                .satisfies(e -> assertThat(((CudaException) e).kind()).isEqualTo(CudaException.Kind.NO_LIBRARY));
    }

    @Test
    void cudaErrorsAreClassifiedByName() {
        assertThat(new CudaException("cudaErrorNoDevice (100): no CUDA-capable device").unavailable()).isTrue();
        assertThat(new CudaException("cudaErrorInsufficientDriver (35): x").kind()).isEqualTo(CudaException.Kind.NO_DRIVER);
        assertThat(new CudaException("cudaErrorLaunchFailure (719): x").unavailable()).isFalse();
    }

    @Test
    void platformFolderNamesOsAndArchitecture() {
        assertThat(NativePlayer.resource()).matches("native/[a-z]+-[a-z0-9_]+/libgpusched_player\\.so");
    }
}
