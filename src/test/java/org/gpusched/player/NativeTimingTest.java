package org.gpusched.player;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/**
 * The time-triggered player's host side (src/main/native/host_rt.h, plain C++) run on this host by
 * src/test/native/timing/harness.cpp: no wake-up before its time, SCHED_FIFO and the memory lock
 * reported as the host granted them, released afterwards. Needs a C++ compiler, not a GPU.
 */
class NativeTimingTest {
    @Test
    void hostTimingPassesItsHarness(@TempDir Path dir) throws Exception {
        NativeHarness.passes(Path.of("src/test/native/timing/harness.cpp"), dir, 10);
    }
}
