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

    /**
     * As {@link #each(List, PrintWriter, Body)}; with {@code --format json} an invalid file also
     * yields a JSON line {@code {"file": ..., "error": ...}} on {@code out}, so a script that parses
     * stdout sees every outcome.
     */
    static int each(List<Path> files, CommonOptions common, PrintWriter out, PrintWriter err, Body body)
            throws IOException {
        return each(files, err, common.format == OutputFormat.json ? out : null, body);
    }

    static int each(List<Path> files, PrintWriter err, Body body) throws IOException {
        return each(files, err, null, body);
    }

    private static int each(List<Path> files, PrintWriter err, PrintWriter jsonOut, Body body) throws IOException {
        int code = ExitCodes.OK;
        for (Path f : files) {
            TaskSet ts;
            try {
                ts = new TaskSetReader().read(f);
            } catch (InputException e) {
                err.println(e.getMessage());
                if (jsonOut != null) {
                    jsonOut.println(Json.line(Json.object().put("file", f.toString()).put("error", e.getMessage())));
                }
                code = ExitCodes.worst(code, ExitCodes.INVALID);
                continue;
            }
            code = ExitCodes.worst(code, body.apply(f, ts));
        }
        return code;
    }
}
