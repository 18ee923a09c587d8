package org.gpusched.experiment;

import org.gpusched.model.Escapes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/** An experiment run, or a merge of shards, into its run folder, with what the run has to say on stderr. */
public final class SweepRuns {
    private SweepRuns() { }

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

    /**
     * Combines shard files (of one experiment, together covering every unit once) into {@code out} as an
     * unsharded run and returns the files written; the plots left out are said on {@code err}.
     */
    public static List<Path> merge(List<Path> shardFiles, Path out, boolean force, PrintWriter err)
            throws IOException {
        if (shardFiles.isEmpty()) {
            throw new IllegalArgumentException("no shard files given");
        }
        List<RawFile> parts = shardFiles.stream().map(RawFile::read).toList();
        RawFile first = parts.get(0);
        Experiment e = Experiment.of(first.kind(), first.params());
        List<String[]> rows = new ArrayList<>();
        BitSet seenShards = new BitSet();
        for (int i = 0; i < parts.size(); i++) {
            RawFile r = parts.get(i);
            if (!r.kind().equals(first.kind()) || !r.params().equals(first.params())
                    || !r.header().equals(first.header())) {
                throw new InputException(shardFiles.get(i).toString(), "",
                        "another experiment or other parameters than " + shardFiles.get(0));
            }
            if (r.shard().n() != first.shard().n() || seenShards.get(r.shard().k())) {
                throw new InputException(shardFiles.get(i).toString(), "", "shard " + r.shard()
                        + " repeats or does not fit the others");
            }
            seenShards.set(r.shard().k());
            r.check(shardFiles.get(i), e);
            // Cells come from files the user hands in: neutralise them before they reach any output.
            r.rows().forEach(c -> rows.add(Arrays.stream(c).map(Escapes::csv).toArray(String[]::new)));
        }
        // Stable sort: rows of one unit keep their order.
        rows.sort(Comparator.comparingInt(c -> Integer.parseInt(c[0])));
        BitSet units = new BitSet();
        rows.forEach(c -> units.set(Integer.parseInt(c[0])));
        if (units.cardinality() != e.units() || units.length() != e.units()) {
            throw new IllegalArgumentException("the shards cover " + units.cardinality() + " of " + e.units()
                    + " units; missing shard files?");
        }
        List<String> lines = rows.stream().map(c -> String.join(",", c)).toList();
        try (RunFolder dir = Outputs.of(shardFiles, force).folder(out, Sweep.folderKind(e.kind()))) {
            List<Path> written = Sweep.write(e, Shard.ALL, lines, rows, dir);
            problems(err, "experiment merge", dir.problems());
            return written;
        }
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
