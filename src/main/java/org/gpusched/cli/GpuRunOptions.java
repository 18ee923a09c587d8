package org.gpusched.cli;

import org.gpusched.model.TaskSet;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * What {@code play}, {@code profile} and {@code loop} share about a run on a device (a picocli
 * mixin): the seed of the simulated device's --exec-time draws, the CUDA device and the tick length
 * on it. --exec-time itself stays with each command: its help says what a draw means there.
 */
final class GpuRunOptions {
    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", descriptionKey = "gpu-run.seed")
    long seed;

    @Option(names = "--gpu", paramLabel = "N", defaultValue = "0")
    int gpu;

    @Option(names = "--tick-ns", paramLabel = "NS")
    Long tickNs;

    void validate(CommandLine cl) {
        Usage.refuse(cl, tickNs != null && tickNs < 1, "--tick-ns must be at least 1");
    }

    /** Nanoseconds per tick of {@code ts} on the GPU: --tick-ns, else its timeUnit (0 or less: abstract ticks). */
    long nanos(TaskSet ts) {
        return tickNs != null ? tickNs : ts.timeUnit().nanos();
    }
}
