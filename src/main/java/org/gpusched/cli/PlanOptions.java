package org.gpusched.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Options of {@code optimize --plan}. */
final class PlanOptions {
    enum Analysis { holistic, offset_based }

    @Option(names = "--analysis", paramLabel = "A", defaultValue = "offset_based",
            description = "holistic or offset_based: the analysis each candidate plan is judged by. Default:"
                    + " ${DEFAULT-VALUE}.")
    Analysis analysis;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the priority search's random restarts (same seed, same plan). Default:"
                    + " ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--trace", paramLabel = "FILE",
            description = "Write every candidate analysed (plan, priorities, verdict, min slack) as JSON. Never an"
                    + " input.")
    Path trace;
}
