package org.gpusched.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Options of {@code optimize --plan}. */
final class PlanOptions {
    enum Analysis { holistic, offset_based }

    @Option(names = "--analysis", paramLabel = "A", defaultValue = "offset_based")
    Analysis analysis;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1")
    long seed;

    @Option(names = "--trace", paramLabel = "FILE")
    Path trace;
}
