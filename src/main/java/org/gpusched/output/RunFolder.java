package org.gpusched.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A folder one run fills with several files. While it is open the folder is locked
 * ({@value #LOCK}), so a second run into it is refused rather than mixing files. Its marker
 * {@value #MARKER} says which kind of run wrote the folder, with which parameters, whether that run
 * completed, and which files it wrote; a status other than "complete" means the files in the
 * folder are not one consistent run (an interrupted or failed run).
 */
public final class RunFolder implements AutoCloseable {
    public static final String MARKER = "gpusched-run.json";
    static final String LOCK = ".gpusched-run.lock";
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private final Outputs outputs;
    private final Path dir;
    private final String kind;
    private final OutputLock lock;
    private final List<Path> written = new ArrayList<>();
    /** Files of the run that could not be made, one line each, for the command to print. */
    private final List<String> problems = new ArrayList<>();
    private Map<String, String> params = Map.of();
    private boolean started;
    private String staleLine;
    private boolean complete;
    /** Marks a started run "failed" when the JVM stops before it completes (Ctrl-C, SIGTERM). */
    private final Thread onSignal = new Thread(() -> failUnlessComplete("interrupted: the process was stopped (signal"
            + " or exit) before the run completed"), "gpusched-run-folder");

    private RunFolder(Outputs outputs, Path dir, String kind, OutputLock lock) {
        this.outputs = outputs;
        this.dir = dir;
        this.kind = kind;
        this.lock = lock;
    }

    static RunFolder open(Outputs outputs, Path dir, String kind) {
        Outputs.refuseStdoutFolder(dir);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw Reasons.refused(dir, "is a file, not a folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw Reasons.of(dir, "cannot create the folder", e);
        }
        OutputLock lock = OutputLock.hold(dir.resolve(LOCK), dir, "into this folder", "use another --out folder");
        RunFolder f = new RunFolder(outputs, dir, kind, lock);
        try {
            f.refuseInputs(List.of(MARKER));
            f.recordStale();
            f.checkContents();
        } catch (RuntimeException e) {
            f.lock.close();
            throw e;
        }
        return f;
    }

    private void checkContents() {
        if (outputs.force()) {
            return;
        }
        List<String> others;
        try (Stream<Path> s = Files.list(dir)) {
            others = s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".gpusched-")).toList();
        } catch (IOException e) {
            throw Reasons.of(dir, "cannot list the folder", e);
        }
        if (others.isEmpty()) {
            return;
        }
        JsonNode marker = readMarker(dir);
        if (marker == null) {
            throw Reasons.refused(dir, "is not empty and holds no gpusched run (" + MARKER
                    + "); use an empty or new folder, or add --force");
        }
        if (!kind.equals(marker.path("kind").asText())) {
            throw Reasons.refused(dir, "holds a gpusched '" + marker.path("kind").asText() + "' run, not '" + kind
                    + "'; use another folder, or add --force");
        }
    }

    /**
     * Refuses a run that would write one of its inputs as a file {@code names} of the folder, when the folder
     * is opened: otherwise --force lets the run go and the write of that file refuses it at the end.
     */
    public void refuseInputs(List<String> names) {
        names.forEach(n -> outputs.checkInput(dir.resolve(n)));
    }

    /** The marker of a folder, or null when it has none or it is not a gpusched marker. */
    public static JsonNode readMarker(Path dir) {
        Path m = dir.resolve(MARKER);
        if (!Files.isRegularFile(m)) {
            return null;
        }
        try {
            JsonNode n = MAPPER.readTree(m.toFile());
            return n != null && n.path("kind").isTextual() ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Marks the folder as being written (call once the results are computed, before writing them). */
    public void start(Map<String, String> runParams) {
        this.params = Map.copyOf(runParams);
        synchronized (this) {
            mark("running", null);
            started = true;
        }
        Runtime.getRuntime().addShutdownHook(onSignal);
    }

    /**
     * A marker that says "running" while no process holds the folder's lock (we hold it now) was
     * left by a run that died without a word (SIGKILL, a power cut): it is recorded as "failed",
     * with that reason, before anything else happens to the folder.
     */
    private void recordStale() {
        JsonNode m = readMarker(dir);
        if (m == null || !"running".equals(m.path("status").asText())) {
            return;
        }
        ObjectNode o = (ObjectNode) m.deepCopy();
        o.put("status", "failed").put("reason", STALE);
        outputs.forced().writeString(dir.resolve(MARKER), text(o));
        staleLine = "gpusched: " + dir + ": the previous run's status was 'running', recorded as 'failed' (" + STALE
                + ")";
    }

    /** The line to print when {@link #open} found the previous run stale and recorded it as failed. */
    public Optional<String> stale() {
        return Optional.ofNullable(staleLine);
    }

    private static final String STALE =
            "stale: the run that was writing this folder ended without finishing (its lock was free)";

    public Path dir() {
        return dir;
    }

    /** Writes one file of the run, atomically; the folder's earlier files of the same kind may be replaced. */
    public Path write(String name, Body body) {
        Path file = dir.resolve(name);
        outputs.checkInput(file);
        Path p = outputs.forced().write(file, body);
        written.add(p);
        return p;
    }

    public Path writeString(String name, String text) {
        return write(name, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /**
     * Notes a file of the run left out and why (a plot the host cannot draw): the run goes on, and
     * the command prints the line on stderr.
     */
    public void problem(String line) {
        problems.add(line);
    }

    /** The lines of {@link #problem}, in order. */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** Marks the run complete; the marker lists the files written. */
    public void complete() {
        synchronized (this) {
            mark("complete", null);
            complete = true;
        }
        forgetHook();
    }

    private synchronized void failUnlessComplete(String reason) {
        if (started && !complete) {
            try {
                mark("failed", reason);
            } catch (RuntimeException e) {
                // The marker still says "running" and the lock is free: readers take that as failed.
            }
        }
    }

    private void forgetHook() {
        if (started) {
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException e) {
                // Shutting down already: the hook runs and finds the run complete or marks it.
            }
        }
    }

    private void mark(String status, String reason) {
        ObjectNode o = MAPPER.createObjectNode().put("format", "gpusched-run").put("kind", kind).put("status", status);
        ObjectNode p = o.putObject("params");
        params.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> p.put(e.getKey(), e.getValue()));
        ArrayNode files = o.putArray("files");
        written.forEach(f -> files.add(f.getFileName().toString()));
        if (reason != null) {
            o.put("reason", reason);
        }
        outputs.forced().writeString(dir.resolve(MARKER), text(o));
    }

    private static String text(JsonNode o) {
        try {
            return MAPPER.writer(Canonical.PRETTY).writeValueAsString(o) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        // The run stopped between its first and last file: say so rather than look complete.
        failUnlessComplete("the run stopped with an error before its last file");
        forgetHook();
        synchronized (this) {
            started = false; // nothing more for the shutdown hook to mark
        }
        lock.close();
    }
}
