package org.gpusched.input;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.Canonical;
import org.gpusched.model.InputException;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * User kernel modules ({@code kernel.module}): where the file is, whether the task set may name
 * it, and its SHA-256, which becomes part of the task set's hash so that a table computed for one
 * module is not replayed with another (docs/format.md, "Kernel modules").
 */
public final class KernelModules {
    /** cubin, PTX and fatbin files are kilobytes to a few megabytes; this keeps hashing bounded. */
    public static final long MAX_BYTES = 256L << 20;

    private KernelModules() { }

    /**
     * The task set with every module checked and hashed into {@code sha256}; unchanged (same hash
     * as before modules were hashed) when no task names a module.
     *
     * @param allowExternal whether a module may be an absolute path or lie outside the task set's folder
     */
    public static TaskSet bind(TaskSet ts, boolean allowExternal) {
        StringBuilder digest = new StringBuilder();
        for (Task t : ts.tasks()) {
            if (t.kernel() != null && t.kernel().module() != null) {
                Path p = resolve(ts.source(), t, allowExternal);
                digest.append(t.name()).append(' ').append(sha256(ts.source(), t, p)).append('\n');
            }
        }
        if (digest.isEmpty()) {
            return ts;
        }
        String combined = Canonical.sha256(ts.sha256() + "\n" + digest);
        return new TaskSet(ts.name(), ts.timeUnit(), ts.gpu(), ts.tasks(), ts.interference(), ts.hyperperiod(),
                ts.jobCount(), combined, ts.source(), ts.origin(), ts.document());
    }

    /**
     * The module file of task {@code t}, relative to the folder of the task-set file {@code source}
     * (the current folder for stdin). Without {@code allowExternal}, an absolute path or one that
     * leaves that folder (by {@code ..} or through a symbolic link) is refused: a task set from
     * elsewhere must not make gpusched read, hash or load an arbitrary file.
     */
    public static Path resolve(String source, Task t, boolean allowExternal) {
        String module = t.kernel().module();
        String where = "tasks[" + t.index() + "].kernel.module";
        if (module.isEmpty() || module.indexOf('\0') >= 0) {
            throw new InputException(source, where, "not a file name: \"" + module + "\"");
        }
        Path base = source == null || source.equals("-") ? Path.of("") : Path.of(source).getParent();
        Path dir = (base == null ? Path.of("") : base).toAbsolutePath().normalize();
        Path given = Path.of(module);
        Path p = dir.resolve(given).normalize();
        if (!Files.isRegularFile(p)) {
            throw new InputException(source, where, "no such kernel module " + p + " (a module path is relative to"
                    + " the task-set file's folder)");
        }
        if (!allowExternal) {
            boolean outside = given.isAbsolute() || !p.startsWith(dir);
            try {
                outside |= !p.toRealPath().startsWith(dir.toRealPath());
            } catch (IOException e) {
                throw new InputException(source, where, "cannot read kernel module " + p + ": " + e.getMessage());
            }
            if (outside) {
                throw new InputException(source, where, "kernel module \"" + module + "\" is "
                        + (given.isAbsolute() ? "an absolute path" : "outside the task set's folder " + dir)
                        + "; give --allow-external-modules to use it");
            }
        }
        return p;
    }

    /**
     * Every module file the workload {@code file} names (a {@code kernel.module} of a task or of a GPU segment),
     * where {@link #resolve} finds it but unchecked: the run reads them too, so no output may overwrite one.
     */
    public static List<Path> named(Path file) {
        try {
            // A pipe is read once, by the reader; a file over the reader's limit names nothing it will read.
            if (!Files.isRegularFile(file) || Files.size(file) > ReadLimits.MAX_DOCUMENT_BYTES) {
                return List.of();
            }
            return new ObjectMapper().readTree(file.toFile()).findValues("kernel").stream()
                    .filter(k -> k.path("module").isTextual())
                    .map(k -> file.toAbsolutePath().resolveSibling(k.path("module").asText()).normalize()).toList();
        } catch (IOException | RuntimeException e) {
            // Not a workload (a table, a trace, no JSON at all): no module; its reader says why.
            return List.of();
        }
    }

    private static String sha256(String source, Task t, Path p) {
        try {
            if (Files.size(p) > MAX_BYTES) {
                throw new InputException(source, "tasks[" + t.index() + "].kernel.module", "kernel module " + p
                        + " is larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            try (InputStream in = new DigestInputStream(Files.newInputStream(p), md)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw new InputException(source, "tasks[" + t.index() + "].kernel.module", "cannot read kernel module "
                    + p + ": " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
