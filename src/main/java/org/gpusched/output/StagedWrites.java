package org.gpusched.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one run that belong together (analyze's --table, --html, --gantt, …): each is
 * locked for the run ({@link OutputLock}, {@code .NAME.gpusched-lock}) when it is claimed, written
 * to its temporary name, and all are renamed into place by {@link #commit} only once every one is
 * complete. A run that ends before that (an error, Ctrl-C, SIGTERM) removes its temporaries and
 * leaves the previous files as they were, so the files present always come from one run.
 * A signal during the renames waits for them to finish (the hook takes the same monitor).
 */
final class StagedWrites {
    private record Pending(Path tmp, Path target, String sha256) { }

    private final Map<Path, OutputLock> locks = new HashMap<>();
    private final List<Pending> pending = new ArrayList<>();
    private final Thread onSignal = new Thread(this::discard, "gpusched-staged-outputs");
    private boolean done;

    StagedWrites() {
        Runtime.getRuntime().addShutdownHook(onSignal);
    }

    /** Locks an output of the run; a second run on it is refused with one line naming it and the holder. */
    synchronized void lock(Path target, Path location) {
        if (locks.containsKey(location)) {
            return;
        }
        Outputs.makeParents(target);
        locks.put(location, hold(lockFile(location), target));
    }

    /** The lock file of the output at {@code location} (a real, normalised path). */
    static Path lockFile(Path location) {
        return location.getParent().resolve("." + location.getFileName() + ".gpusched-lock");
    }

    /** Holds an output's lock, or refuses with the one line that names the run holding it. */
    static OutputLock hold(Path lockFile, Path target) {
        return OutputLock.hold(lockFile, target, "this output", "wait for it to end or write elsewhere");
    }

    synchronized void add(Path tmp, Path target, String sha256) {
        pending.add(new Pending(tmp, target, sha256));
    }

    /** Renames every file of the run into place and records it as gpusched's. */
    synchronized void commit() {
        for (Pending p : pending) {
            try {
                Outputs.move(p.tmp(), p.target());
                WrittenFiles.record(p.target(), p.sha256());
            } catch (IOException e) {
                throw Reasons.of(p.target(), "cannot write", e);
            }
        }
        pending.clear();
    }

    /** Removes what was not committed and releases the locks (idempotent; also the shutdown hook). */
    synchronized void discard() {
        if (done) {
            return;
        }
        for (Pending p : pending) {
            try {
                Files.deleteIfExists(p.tmp());
            } catch (IOException e) {
                // A hidden temporary name never looks like an output.
            }
        }
        pending.clear();
        locks.values().forEach(OutputLock::close);
        locks.clear();
        done = true;
    }

    void close() {
        discard();
        try {
            Runtime.getRuntime().removeShutdownHook(onSignal);
        } catch (IllegalStateException e) {
            // Shutting down already: the hook finds nothing left to do.
        }
    }
}
