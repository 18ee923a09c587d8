package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * Standard output that remembers why a write failed. PrintStream and PrintWriter swallow I/O
 * errors, so without this a report or a {@code --table -} written to a full disk
 * ({@code gpusched analyze ts.json --table - > table.json}) would exit 0 with a truncated file.
 */
final class CheckedStdout extends FilterOutputStream {
    private IOException failure;

    CheckedStdout(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw remember(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw remember(e);
        }
    }

    private IOException remember(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /** Runs the CLI with this as stdout; a failed write to it makes the exit code at least 2. */
    static int run(OutputStream stdout, PrintWriter err, String... args) {
        CheckedStdout checked = new CheckedStdout(stdout);
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(checked, Charset.defaultCharset()), true);
        int code = Main.run(out, err, args);
        // A reader that stopped early (`| head`) is its own choice: the verdict's code stands, silently.
        boolean brokenPipe = checked.failure != null && "Broken pipe".equals(checked.failure.getMessage());
        if ((out.checkError() || checked.failure != null) && !brokenPipe) {
            String why = checked.failure == null || checked.failure.getMessage() == null ? "write failed"
                    : checked.failure.getMessage();
            err.println("gpusched: cannot write to standard output: " + why);
            err.flush();
            code = ExitCodes.worst(code, ExitCodes.INVALID);
        }
        return code;
    }
}
