package org.gpusched.cli;

import org.gpusched.model.InputException;
import org.gpusched.model.TaskSet;
import org.gpusched.model.TaskSetReader;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The loop of every command over several task-set files: an invalid file is reported in one line
 * on stderr and the others still run; the result is the worst exit code.
 */
final class TaskSetFiles {
    @FunctionalInterface
    interface Body {
        /** Handles one valid task set and returns its exit code. */
        int apply(Path file, TaskSet ts) throws IOException;
    }

    private TaskSetFiles() { }

    static int each(List<Path> files, TaskSetReader reader, PrintWriter err, Body body) throws IOException {
        int code = ExitCodes.OK;
        for (Path f : files) {
            TaskSet ts;
            try {
                ts = reader.read(f);
            } catch (InputException e) {
                err.println(e.getMessage());
                code = ExitCodes.worst(code, ExitCodes.INVALID);
                continue;
            }
            code = ExitCodes.worst(code, body.apply(f, ts));
        }
        return code;
    }
}
