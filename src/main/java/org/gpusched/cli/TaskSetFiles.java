package org.gpusched.cli;

import org.gpusched.model.*;
import org.gpusched.report.CiOutput;
import org.gpusched.report.FailureWords;
import org.gpusched.report.Json;
import org.gpusched.report.OutputFormat;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The loop of every command over several task-set files: an invalid file is reported in one line
 * on stderr and the others still run; the result is the worst exit code.
 */
final class TaskSetFiles {
    /** Handles one valid input (a task set, or a workload of either version) and returns its exit code. */
    @FunctionalInterface
    interface Body<T> {
        int apply(Path file, T input) throws IOException;
    }

    private TaskSetFiles() { }

    /**
     * The loop over task sets or workloads, each file read by {@code read} on its own: a file that cannot
     * be read, or that the command refuses (an {@link InputException} from the body), is reported and
     * counts as exit 2; an internal error in one file (a bug, or the JVM out of heap or stack) is reported
     * in one line naming that file and counts with its own code. Either way the files after it are still
     * analysed and reported. With {@code --format json} an invalid file also yields a JSON line
     * {@code {"file": ..., "error": ...}} on {@code out}, so a script that parses stdout sees every
     * outcome; it also becomes a failed suite of {@code ci} (when not null).
     */
    static <T> int each(List<Path> files, Function<Path, T> read, CommonOptions common, PrintWriter out,
                        PrintWriter err, CiOutput ci, Body<T> body) throws IOException {
        PrintWriter jsonOut = common.format == OutputFormat.json ? out : null;
        int code = ExitCodes.OK;
        for (Path f : files) {
            try {
                code = ExitCodes.worst(code, body.apply(f, read.apply(f)));
            } catch (InputException e) {
                err.println(e.getMessage());
                if (common.verbose) {
                    e.printStackTrace(err);
                }
                if (jsonOut != null) {
                    jsonOut.println(Json.line(Json.object().put("file", f.toString()).put("error", e.getMessage())));
                }
                if (ci != null) {
                    ci.invalid(f.toString(), e);
                }
                code = ExitCodes.worst(code, ExitCodes.INVALID);
            } catch (RuntimeException | VirtualMachineError e) {
                String where = Escapes.text(f.toString());
                int failed = JvmErrors.report(err, where, e, common.verbose);
                if (jsonOut != null) {
                    jsonOut.println(Json.line(Json.object().put("file", f.toString())
                            .put("error", where + ": " + FailureWords.words(e))));
                }
                if (ci != null) {
                    ci.failed(f, FailureWords.words(e), failed == ExitCodes.INCONCLUSIVE);
                }
                code = ExitCodes.worst(code, failed);
            }
        }
        return code;
    }
}
