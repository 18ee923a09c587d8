package org.gpusched.player;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The native table player's frame logic (src/main/native/frames.cuh, plain C++) compiled for the
 * host and run against the fake backend of src/test/native/frames/harness.cpp: the order of copies,
 * kernels, events and waits, the copy sizes, chains across frames, the calibration of copy bytes.
 * Needs a C++ compiler (g++, c++ or clang++ on the PATH), not a GPU; skipped, saying so, without one.
 */
class NativeFramesTest {
    @Test
    void frameLogicPassesItsHostHarness(@TempDir Path dir) throws Exception {
        NativeHarness.passes(Path.of("src/test/native/frames/harness.cpp"), dir, 25);
    }
}
