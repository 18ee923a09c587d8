package org.gpusched.output;

import java.io.IOException;
import java.io.OutputStream;

/** Writes a file's whole content to the stream it is given (the temporary file of an atomic write). */
@FunctionalInterface
public interface Body {
    void write(OutputStream out) throws IOException;
}
