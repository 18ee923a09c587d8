package org.gpusched.report;

import org.gpusched.model.Escapes;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Renders what an experiment run or merge wrote. */
public final class FilesWritten {
    private FilesWritten() { }

    /** The files a run wrote: one per line, or one JSON line; nothing with --quiet. */
    public static void report(PrintWriter out, OutputFormat format, boolean quiet, List<Path> files) {
        if (quiet) {
            return;
        }
        if (format == OutputFormat.json) {
            var o = Json.object();
            var arr = o.putArray("files");
            files.forEach(f -> arr.add(f.toString()));
            out.println(Json.line(o));
        } else {
            files.forEach(f -> out.println(Escapes.text(f.toString())));
        }
    }
}
