package org.gpusched.output;

import org.gpusched.input.KernelModules;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.*;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * Every file gpusched writes goes through here (docs/cli.md, "Output files"). Per run:
 * <ul>
 * <li>an input of the run is never overwritten, even with --force (real paths are compared, so a
 *     link or another spelling of the same file is caught);</li>
 * <li>an existing file is overwritten only when gpusched wrote it and it is unchanged since
 *     ({@link WrittenFiles}), or with --force;</li>
 * <li>no two outputs of the run are the same file: every target a command checks before it runs is
 *     claimed, and a second claim on the same file (another spelling or a link included) is exit 2
 *     before anything is computed, so one output can never silently replace another;</li>
 * <li>missing parent folders are created; a path that cannot be written is exit 2 with one line
 *     naming it and the reason;</li>
 * <li>the content goes to a temporary name in the same folder and is renamed over the target only
 *     once complete and synced, so an interrupted run never leaves a truncated file under the real
 *     name; a symbolic link is written through to where it points, as a shell's {@code >} does;</li>
 * <li>"-" is standard output where the command gives it one ({@link #printing}), at most one output
 *     of a run, and refused elsewhere: a file named "-" is written only as "./-".</li>
 * </ul>
 */
public final class Outputs implements AutoCloseable {
    private final Set<Path> inputs;
    private final boolean force;
    /** The targets checked so far in this run, by their real location (one Outputs per run). */
    private final Set<Path> claimed = new HashSet<>();
    /** Null, or the run's files held back until {@link #commit} ({@link #staged}). */
    private final StagedWrites staging;
    /** Null, or where an output named "-" goes. */
    private final PrintWriter stdout;

    private Outputs(Set<Path> inputs, boolean force, StagedWrites staging, PrintWriter stdout) {
        this.inputs = inputs;
        this.force = force;
        this.staging = staging;
        this.stdout = stdout;
    }

    /**
     * This policy with "-" printed on {@code stdout}: for a command whose report then goes to stderr, so
     * that the one output named "-" is all standard output carries.
     */
    public Outputs printing(PrintWriter stdout) {
        return new Outputs(inputs, force, staging, stdout);
    }

    /** Whether an output option names standard output. */
    public static boolean isStdout(Path file) {
        return file != null && file.toString().equals("-");
    }

    /** A folder option cannot be standard output, a stream: refused rather than make a folder named "-". */
    public static void refuseStdoutFolder(Path dir) {
        if (isStdout(dir)) {
            throw Reasons.refused(dir, "standard output cannot be a folder; name one (./- for a folder named -)");
        }
    }

    /**
     * A policy like this one whose files belong together ({@link StagedWrites}): each output is
     * locked when checked, and written files stay under their temporary names until {@link #commit};
     * {@link #close} removes what was not committed and releases the locks.
     */
    public Outputs staged() {
        return new Outputs(inputs, force, new StagedWrites(), stdout);
    }

    /** The default name of an output that goes with {@code file}: NAME.json -> NAME + suffix, in the same folder. */
    public static Path beside(Path file, String suffix) {
        String name = file.getFileName() == null ? "out" : file.getFileName().toString();
        String stem = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return file.resolveSibling(stem + suffix);
    }

    /** A run that writes into outputs that belong together and returns its exit code. */
    @FunctionalInterface
    public interface Run {
        int writeTo(Outputs outputs) throws IOException;
    }

    /**
     * Runs {@code run} on {@link #staged} outputs: {@code files} (nulls skipped) checked and locked
     * before it starts, so that an unwritable, protected or busy one is refused before any work; what
     * it wrote renamed into place together when it returns, removed when it throws.
     */
    public int together(Run run, Path... files) throws IOException {
        try (Outputs outputs = staged()) {
            outputs.checkEach(files);
            int code = run.writeTo(outputs);
            outputs.commit();
            return code;
        }
    }

    /** Renames every file written since {@link #staged} into place (nothing to do when not staged). */
    public void commit() {
        if (staging != null) {
            staging.commit();
        }
    }

    @Override
    public void close() {
        if (staging != null) {
            staging.close();
        }
    }

    /** The output policy of one run that reads {@code inputs} ("-" and missing files are ignored). */
    public static Outputs of(Collection<Path> inputs, boolean force) {
        Set<Path> real = new HashSet<>();
        // The kernel modules a workload names are read with it (hashed into it, loaded by the player).
        List<Path> read = inputs.stream().filter(p -> p != null && !p.toString().equals("-"))
                .flatMap(p -> Stream.concat(Stream.of(p), KernelModules.named(p).stream())).toList();
        for (Path p : read) {
            try {
                real.add(p.toRealPath());
            } catch (IOException e) {
                // Not readable or absent: the reader reports it; it cannot be overwritten by mistake.
            }
        }
        return new Outputs(Set.copyOf(real), force, null, null);
    }

    public boolean force() {
        return force;
    }

    /** Writes text as UTF-8. */
    public Path writeString(Path file, String text) {
        return write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Checks the target, then writes it atomically; returns the path written. */
    public Path write(Path given, Body body) {
        if (isStdout(given)) {
            print(given, body);
            return given;
        }
        Path file = OutputPaths.target(given);
        if (rules(file)) {
            writeInPlace(file, body);
            return given;
        }
        makeParents(file);
        lock(file);
        Path tmp = temporary(file);
        boolean keep = false;
        try {
            String sha;
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                MessageDigest md = WrittenFiles.digest();
                OutputStream out = new DigestOutputStream(new BufferedOutputStream(Channels.newOutputStream(ch)), md);
                body.write(out);
                out.flush();
                ch.force(true);
                sha = HexFormat.of().formatHex(md.digest());
            }
            if (staging != null) {
                staging.add(tmp, file, sha);
                keep = true;
            } else {
                move(tmp, file);
                WrittenFiles.record(file, sha);
            }
            return given;
        } catch (IOException e) {
            throw Reasons.of(file, "cannot write", e);
        } finally {
            try {
                if (!keep) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException e) {
                // Best effort; the temporary name never looks like a complete output.
            }
        }
    }

    /**
     * The rules before writing, for each output given, skipping the null ones (options not given); also
     * called by commands before a long computation, so a refused output costs nothing. A device or pipe
     * (e.g. /dev/stdout) is written in place: renaming over it would replace the device. Each output is
     * claimed for this run: a second claim on the same file is refused, so a command that checks all
     * its outputs up front cannot lose one of them.
     */
    public void checkEach(Path... files) {
        // Every output is claimed before any is locked: a refused pair leaves not even a lock file.
        List<Path> toLock = new ArrayList<>();
        for (Path f : files) {
            if (f != null && !claim(f)) {
                toLock.add(f);
            }
        }
        toLock.forEach(this::lock);
    }

    /**
     * An output named "-", claimed here unless checked before: its whole content printed once made, so a
     * failed run prints none of it.
     */
    private void print(Path file, Body body) {
        if (!claimed.contains(file)) {
            claimStdout(file);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            body.write(bytes);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot write", e);
        }
        stdout.print(bytes.toString(StandardCharsets.UTF_8));
        stdout.flush();
    }

    /** Refuses "-" where standard output is not an output of the command, and a second "-" in one run. */
    private void claimStdout(Path file) {
        if (stdout == null) {
            throw Reasons.refused(file, "standard output cannot take this output of this command; name a file"
                    + " (./- for a file named -)");
        }
        if (!claimed.add(file)) {
            throw Reasons.refused(file, "two outputs of this run would both go to standard output; name a file for"
                    + " one of them");
        }
    }

    /** {@link #checkEach} of one output. */
    public void check(Path file) {
        checkEach(file);
    }

    private boolean claim(Path file) {
        if (isStdout(file)) {
            claimStdout(file);
            return true;
        }
        boolean device = rules(OutputPaths.target(file));
        if (!device && !claimed.add(OutputPaths.location(file))) {
            throw Reasons.refused(file, "two outputs of this run are the same file");
        }
        return device;
    }

    /** Staged: holds the output for this run (a second run on it is refused). */
    private void lock(Path file) {
        if (staging != null) {
            staging.lock(OutputPaths.target(file), OutputPaths.location(file));
        }
    }

    private boolean rules(Path file) {
        if (file.getFileName() == null) {
            throw Reasons.refused(file, "not a file name");
        }
        if (bookkeeping(file.getFileName().toString())) {
            throw Reasons.refused(file, "is the name of a file gpusched keeps beside its outputs; choose another name");
        }
        if (Files.isDirectory(file)) {
            throw Reasons.refused(file, "is a folder, not a file");
        }
        if (!Files.exists(file)) {
            checkFolder(file);
            return false;
        }
        checkInput(file);
        try {
            // A stream's name (/dev/stdout redirected into a file) is written in place too: a rename would
            // replace the system's link, not write the stream.
            if (!Files.isRegularFile(file) || OutputPaths.system(file)) {
                return true;
            }
            if (!force && !WrittenFiles.wroteIt(file) && !wroteItOnceFree(file)) {
                throw Reasons.refused(file, "exists and was not written by gpusched (or was changed since); "
                        + "add --force to overwrite it");
            }
            return false;
        } catch (IOException e) {
            throw Reasons.of(file, "cannot check the existing file", e);
        }
    }

    /**
     * Asked again under the output's lock, when another run has one: that run may be between
     * renaming the file into place and recording it as gpusched's. Its lock is released only after
     * both, so a run still holding it is refused as such, and once it is free the record is complete.
     */
    private static boolean wroteItOnceFree(Path file) throws IOException {
        Path lockFile = StagedWrites.lockFile(OutputPaths.location(file));
        if (!Files.exists(lockFile)) {
            return false;
        }
        try (OutputLock free = StagedWrites.hold(lockFile, file)) {
            return WrittenFiles.wroteIt(file);
        }
    }

    /** The record, lock and temporary names gpusched keeps beside outputs: as an output, it would overwrite them. */
    private static boolean bookkeeping(String name) {
        return name.startsWith(".gpusched-")
                || name.startsWith(".") && (name.endsWith(".gpusched-lock") || name.contains(".gpusched-tmp-"));
    }

    /** The nearest existing folder above a new file must be a folder we may write into. */
    private static void checkFolder(Path file) {
        Path p = OutputPaths.existing(file.toAbsolutePath().getParent());
        if (p == null) {
            return;
        }
        if (!Files.isDirectory(p)) {
            throw Reasons.refused(file, "cannot create its folder: " + p + " is a file");
        }
        if (!Files.isWritable(p)) {
            throw Reasons.refused(file, "cannot write into " + p + ": permission denied");
        }
    }

    static void makeParents(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot create its folder", e);
        }
    }

    private static Path temporary(Path file) {
        // Our own name rather than createTempFile, whose 0600 mode would stick to the output.
        String name = "." + file.getFileName() + ".gpusched-tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
        Path tmp = file.toAbsolutePath().getParent().resolve(name);
        try {
            // Removes it on Ctrl-C or SIGTERM too (the JVM's shutdown hook); after the rename it is gone anyway.
            tmp.toFile().deleteOnExit();
        } catch (IllegalStateException e) {
            // Written by a shutdown hook itself (a run folder's "failed" marker): removed on failure below.
        }
        return tmp;
    }

    static void move(Path tmp, Path file) throws IOException {
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void writeInPlace(Path file, Body body) {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            body.write(out);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot write", e);
        }
    }

    /**
     * A folder that one run fills with several files (an experiment): locked against concurrent
     * runs, refused when it holds anything but a previous gpusched run of the same kind (unless
     * --force), and marked "running" until {@link RunFolder#complete} marks it "complete".
     */
    public RunFolder folder(Path dir, String kind) {
        return RunFolder.open(this, dir, kind);
    }

    /** For {@link RunFolder}: refuse inputs as targets but allow our previous run's files. */
    void checkInput(Path file) {
        try {
            if (Files.exists(file) && inputs.contains(file.toRealPath())) {
                throw Reasons.refused(file, "is an input of this run; gpusched never overwrites its inputs");
            }
        } catch (NoSuchFileException e) {
            // A pipe (/dev/stdout into one) has no real path and is no input of the run: it is written in place.
        } catch (IOException e) {
            throw Reasons.of(file, "cannot check the existing file", e);
        }
    }

    /** A copy of this policy that overwrites files without asking (inside a checked run folder). */
    Outputs forced() {
        return new Outputs(inputs, true, null, null);
    }
}
