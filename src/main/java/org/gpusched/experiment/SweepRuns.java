package org.gpusched.experiment;

import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** An experiment run, or a merge of shards, into its run folder, with what the run has to say on stderr. */
public final class SweepRuns {
    private SweepRuns() {
    }

    /**
     * Runs {@code e} (or one shard of it) into the folder {@code out} and returns the files written; a
     * stale folder's note and the plots the host could not draw are said on {@code err}. Null, after one
     * line on {@code err}, when the {@code deadline} ended the run first: then nothing is written.
     */
    public static List<Path> run(Experiment e, Shard shard, int threads, long deadline, Path out, boolean force,
                                 PrintWriter err, PrintWriter progressTo) throws IOException {
        try (RunFolder dir = Outputs.of(List.of(), force).folder(out, Sweep.folderKind(e.kind()))) {
            dir.stale().ifPresent(err::println);
            List<Path> files = Sweep.execute(e, shard, threads, deadline, dir, progressTo);
            // A plot the host cannot draw leaves the measurement and its exit code as they are.
            problems(err, "experiment " + e.kind(), dir.problems());
            return files;
        } catch (Sweep.OutOfTime t) {
            err.println("experiment " + e.kind() + ": --time-limit reached after " + t.done() + " of " + t.total()
                    + " units; nothing written (raise --time-limit or split the run with --shard K/N)");
            return null;
        }
    }

    /** Merges shard files into {@code out} as {@link Sweep#merge} does, the plots left out said on {@code err}. */
    public static List<Path> merge(List<Path> files, Path out, boolean force, PrintWriter err) throws IOException {
        List<String> left = new ArrayList<>();
        List<Path> written = Sweep.merge(files, Outputs.of(files, force), out, left::add);
        problems(err, "experiment merge", left);
        return written;
    }

    /**
     * One line on stderr for the files a run left out (plots the host could not draw), or none: the
     * run's results are written and its exit code stays the measurement's.
     */
    static void problems(PrintWriter err, String what, List<String> lines) {
        if (!lines.isEmpty()) {
            err.println("gpusched: " + what + ": " + lines.get(0)
                    + (lines.size() > 1 ? " (and " + (lines.size() - 1) + " more plots)" : ""));
        }
    }
}
