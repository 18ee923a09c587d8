package org.gpusched.cli;

import picocli.CommandLine.Option;

import java.io.PrintWriter;

/**
 * {@code --progress}, a mixin of the long-running commands: whether the live status line is drawn
 * on stderr. Java 17 cannot tell whether stderr alone is a terminal ({@code System.console()} needs
 * stdin and stdout to be one too), so the launcher tests {@code [ -t 2 ]} and passes
 * {@code -Dgpusched.stderrTty=true}; {@code --progress} draws it anyway (a log that wants it) and
 * {@code --quiet} never (docs/cli.md, "Progress").
 */
public final class ProgressOption {
    /** The system property the launcher sets when stderr is a terminal. */
    static final String TTY_PROPERTY = "gpusched.stderrTty";

    @Option(names = "--progress")
    boolean progress;

    /** {@code err} when the status line is to be drawn on it, else null (nothing drawn). */
    PrintWriter to(PrintWriter err, boolean quiet) {
        return !quiet && (progress || Boolean.getBoolean(TTY_PROPERTY)) ? err : null;
    }
}
