package org.gpusched.output;

import org.gpusched.model.InputException;

import java.io.IOException;
import java.nio.file.*;

/**
 * Turns the I/O failures of writing a user's output path into one line naming the path and the
 * reason. They are the user's to fix (a read-only folder, a full disk), so they are exit 2
 * (an {@link InputException}), never an internal error.
 */
public final class Reasons {
    private Reasons() { }

    static InputException refused(Path file, String reason) {
        return new InputException(file.toString(), "", reason);
    }

    public static InputException of(Path file, String doing, IOException e) {
        return refused(file, doing + ": " + reason(e));
    }

    /** The reason of an I/O failure in a few words, without the path (the caller names it). */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return "a file is in the way" + (f.getFile() == null ? "" : " (" + f.getFile() + ")");
        }
        if (e instanceof NotDirectoryException n) {
            return "not a folder" + (n.getFile() == null ? "" : " (" + n.getFile() + ")");
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file or folder" + (n.getFile() == null ? "" : " (" + n.getFile() + ")");
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        // The innermost cause, first line: libraries wrap I/O errors in chains of their own.
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return m.lines().findFirst().orElse(m).strip();
    }
}
