package org.gpusched.cli;

import org.gpusched.experiment.Shard;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Duration;

/** Options every experiment run shares (a picocli mixin). */
public final class SweepOptions {
    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for the CSVs and plots (created if needed; it must be empty or hold an "
                    + "earlier run of the same experiment). Default: experiment-NAME in the current directory.")
    Path out;

    /** --out, or experiment-KIND in the current directory (so a first try needs no flag). */
    Path out(String kind) {
        return out != null ? out : Path.of("experiment-" + kind);
    }

    @Mixin
    SharedOptions.ForeignFolder folder;

    @Mixin
    SharedOptions.Seed seed;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1", converter = NumericOptions.Threads.class,
            description = "Analyse N sets at once; results do not depend on N. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--shard", paramLabel = "K/N", defaultValue = "1/1",
            description = "Run only the sets whose global index i has i %% N == K-1 and write their rows to "
                    + "DIR/<experiment>-shard-K-of-N.csv; 'gpusched experiment merge' combines the shards. "
                    + "Default: ${DEFAULT-VALUE} (everything).")
    String shard;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Limit on the whole run: sets not started by then are not run, nothing is written and "
                    + "the exit code is 3 (split a long run with --shard). Default: none.")
    Duration timeLimit;

    @Option(names = "--each-time-limit", paramLabel = "DURATION", defaultValue = "10s",
            converter = DurationConverter.class,
            description = "Analysis time limit per set (a parameter of the experiment, recorded in its CSVs); a set "
                    + "that hits it counts as inconclusive. Default: ${DEFAULT-VALUE}.")
    Duration eachTimeLimit;

    /** System.nanoTime() by which the run must end, or Long.MAX_VALUE without --time-limit. */
    long deadline(long startNanos) {
        if (timeLimit == null) {
            return Long.MAX_VALUE;
        }
        long nanos = timeLimit.toNanos();
        return nanos > Long.MAX_VALUE - startNanos ? Long.MAX_VALUE : startNanos + nanos;
    }

    Shard shard(CommandLine cl) {
        if (threads < 1) {
            throw new CommandLine.ParameterException(cl, "--threads must be >= 1");
        }
        Usage.refuse(cl, timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero()),
                "--time-limit must be positive");
        Usage.refuse(cl, eachTimeLimit.isNegative() || eachTimeLimit.isZero(), "--each-time-limit must be positive");
        try {
            return Shard.parse(shard);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--shard: " + e.getMessage());
        }
    }
}
