package org.gpusched.cli;

import org.gpusched.output.Outputs;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * The shell every command shares: its spec and its two streams (a picocli superclass: picocli reads
 * a superclass's fields before the command's own, so what is declared here stands first). Its
 * {@code @Command} names nothing: each command's own annotation says all there is.
 */
@Command
abstract class BaseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    final CommandLine cl() {
        return spec.commandLine();
    }

    /** Standard output, where the report goes. */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /**
     * Where the report goes: standard output, or standard error when one of {@code files} is "-" and takes
     * standard output (docs/cli.md, "Output files").
     */
    final PrintWriter report(Path... files) {
        return Arrays.stream(files).anyMatch(Outputs::isStdout) ? err() : out();
    }

    /** Standard error, for progress and the lines about refused files. */
    final PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
