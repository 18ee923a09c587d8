package org.gpusched.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where an output named by a path is written and where it lies, whatever its spelling or links. */
public final class OutputPaths {
    private OutputPaths() { }

    /** Whether {@code file} is, or would be made, inside the folder {@code dir} (links and spellings resolved). */
    public static boolean inside(Path file, Path dir) {
        return location(file).startsWith(location(dir));
    }

    /**
     * Where a file is, whatever its spelling: the real path of the file or of its nearest existing
     * folder, and the rest of the name normalised. A link to a file not made yet is where it points:
     * toRealPath cannot follow it, and a second output named by its target is the same file.
     */
    static Path location(Path file) {
        Path abs = target(file).toAbsolutePath().normalize();
        Path base = existing(abs);
        if (base == null) {
            return abs;
        }
        try {
            return base.toRealPath().resolve(base.relativize(abs)).normalize();
        } catch (IOException e) {
            return abs;
        }
    }

    /**
     * Where writing {@code file} goes: through its symbolic links to where they point, as a shell's > does (a
     * link to a file not made yet makes that file), rather than over the link. Names under /dev and /proc are
     * kept as given (written in place); a loop of links is refused.
     */
    static Path target(Path file) {
        Path p = file;
        for (int hops = 0; Files.isSymbolicLink(p) && !system(p); hops++) {
            if (hops == 40) {
                throw Reasons.refused(file, "is a loop of symbolic links");
            }
            try {
                p = p.resolveSibling(Files.readSymbolicLink(p));
            } catch (IOException e) {
                throw Reasons.of(file, "cannot read the link", e);
            }
        }
        return p;
    }

    /** A name under /dev or /proc: a stream or the system's link, written in place, never renamed over. */
    static boolean system(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        return abs.startsWith("/dev") || abs.startsWith("/proc");
    }

    /** {@code p} or its nearest folder above that exists; null when none does. */
    static Path existing(Path p) {
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p;
    }
}
