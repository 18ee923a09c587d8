package org.gpusched.cli;

import org.gpusched.experiment.Shard;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;

/** Options every experiment run shares (a picocli mixin). */
public final class SweepOptions {
    @Option(names = "--out", paramLabel = "DIR")
    Path out;

    /** --out, or experiment-KIND in the current directory (so a first try needs no flag). */
    Path out(String kind) {
        return out != null ? out : Path.of("experiment-" + kind);
    }

    @Mixin
    SharedOptions.ForeignFolder folder;

    @Mixin
    SharedOptions.Seed seed;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", converter = NumericOptions.Threads.class)
    int threads;

    @Option(names = "--shard", paramLabel = "K/N", defaultValue = "1/1")
    String shard;

    @Option(names = "--slurm", paramLabel = "FILE")
    Path slurm;

    @Option(names = "--slurm-shards", paramLabel = "N", defaultValue = "8")
    int slurmShards;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class)
    Duration timeLimit;

    @Option(names = "--each-time-limit", paramLabel = "DURATION", defaultValue = "10s",
            converter = DurationConverter.class)
    Duration eachTimeLimit;

    /** System.nanoTime() by which the run must end, or Long.MAX_VALUE without --time-limit. */
    long deadline(long startNanos) {
        return timeLimit == null ? Long.MAX_VALUE
                : startNanos + Math.min(timeLimit.toNanos(), Long.MAX_VALUE - startNanos);
    }

    Shard shard(CommandLine cl) {
        return Usage.parsed(cl, "--shard: ", () -> Shard.parse(shard));
    }
}
