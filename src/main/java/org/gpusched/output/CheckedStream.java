package org.gpusched.output;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream that remembers why a write failed. PrintStream and PrintWriter swallow I/O errors, so
 * without this a report or a {@code --table -} written to a full disk
 * ({@code gpusched analyze ts.json --table - > table.json}) would exit 0 with a truncated file.
 */
public final class CheckedStream extends FilterOutputStream {
    private IOException failure;

    public CheckedStream(OutputStream out) {
        super(out);
    }

    /** The first write or flush that failed, or null. */
    public IOException failure() {
        return failure;
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
}
