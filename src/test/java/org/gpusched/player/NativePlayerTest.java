package org.gpusched.player;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The native layer as this build made it. With the cuda profile on, the library must load and
 * either see a GPU or say cleanly that there is none; with it off, say it was not built.
 */
class NativePlayerTest {

    @Test
    void builtLibraryLoadsAndReportsTheDeviceOrItsAbsence() {
        assumeTrue(NativePlayer.bundled(), "native library not built (cuda profile off)");
        List<String> info;
        try {
            info = CudaDevice.info(0);
        } catch (CudaException e) {
            assertThat(e.kind()).as(e.getMessage()).isIn(CudaException.Kind.NO_DEVICE, CudaException.Kind.NO_DRIVER);
            assertThat(e.getMessage()).matches("cudaError(NoDevice|InsufficientDriver) \\(\\d+\\): .*");
            return;
        }
        assertThat(info).anyMatch(s -> s.startsWith("name=")).anyMatch(s -> s.startsWith("sms="));
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
