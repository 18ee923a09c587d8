package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.report.FailureWords;

import java.io.PrintWriter;

/**
 * The one line (and exit code) for a failure that is not the user's input: gpusched's own bugs and
 * the JVM running out of heap or stack. Never exit 1, which means "not schedulable". Running out of
 * the heap the user gave is a budget, like --max-states or --time-limit (exit 3, naming the limit),
 * not a bug: the same input runs with a larger -Xmx.
 */
final class JvmErrors {
    private JvmErrors() { }

    /**
     * Prints one line about {@code t} (its stack trace too when verbose) and returns the exit code: 3 for
     * the heap budget spent, 70 for anything else.
     */
    static int report(PrintWriter err, Throwable t, boolean verbose) {
        return report(err, "gpusched", t, verbose);
    }

    /**
     * As {@link #report(PrintWriter, Throwable, boolean)}, the line starting with {@code where} (the
     * file it happened in, for a command over several files).
     */
    static int report(PrintWriter err, String where, Throwable t, boolean verbose) {
        err.println(where + ": " + FailureWords.words(t) + FailureWords.kept(t));
        if (verbose) {
            t.printStackTrace(err);
        }
        err.flush();
        return FailureWords.heapSpent(t) ? ExitCodes.INCONCLUSIVE : ExitCodes.INTERNAL;
    }
}
