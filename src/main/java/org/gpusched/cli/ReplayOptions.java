package org.gpusched.cli;

import org.gpusched.player.Mode;
import picocli.CommandLine.Option;

/** How {@code play} and {@code loop} replay a table (a picocli mixin; the help texts are each command's own). */
final class ReplayOptions {
    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "time-triggered")
    Mode mode;

    @Option(names = "--hyperperiods", paramLabel = "N", defaultValue = "1", converter = NumericOptions.Count.class)
    int hyperperiods;
}
