package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.output.CheckedStream;

import java.io.*;
import java.nio.charset.Charset;

/** Standard output whose failed writes count: a truncated report or {@code --table -} is not exit 0. */
final class CheckedStdout {
    private CheckedStdout() {
    }

    /** Runs the CLI with {@code stdout} checked; a failed write to it makes the exit code at least 2. */
    static int run(OutputStream stdout, PrintWriter err, String... args) {
        CheckedStream checked = new CheckedStream(stdout);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(checked, Charset.defaultCharset()), true);
        int code = Main.run(out, err, args);
        IOException failure = checked.failure();
        // A reader that stopped early (`| head`) is its own choice: the verdict's code stands, silently.
        boolean brokenPipe = failure != null && "Broken pipe".equals(failure.getMessage());
        if ((out.checkError() || failure != null) && !brokenPipe) {
            String why = failure == null || failure.getMessage() == null ? "write failed" : failure.getMessage();
            err.println("gpusched: cannot write to standard output: " + why);
            err.flush();
            code = ExitCodes.worst(code, ExitCodes.INVALID);
        }
        return code;
    }
}
