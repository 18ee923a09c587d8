package org.gpusched.player;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The kernel kinds' closed-loop calibration (src/main/native/calib_loop.h, plain C++) against the
 * fake kernels of src/test/native/calib/harness.cpp: a fixed cost, a rate first estimated at half
 * the truth (a kind that ends early), time sublinear in work, a floor above the asked time, a failed
 * measurement, one noisy median. Needs a C++ compiler, not a GPU.
 */
class NativeCalibTest {
    @Test
    void closedLoopCalibrationPassesItsHostHarness(@TempDir Path dir) throws Exception {
        NativeHarness.passes(Path.of("src/test/native/calib/harness.cpp"), dir, 17);
    }
}
