package org.gpusched.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
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

    /** Standard error, for progress and the lines about refused files. */
    final PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
