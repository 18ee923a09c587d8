package org.gpusched.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final List<Path> written = new ArrayList<>();
    /** Files of the run that could not be made, one line each, for the command to print. */
    private final List<String> problems = new ArrayList<>();
    private Map<String, String> params = Map.of();
    private boolean complete;

    private RunFolder(Outputs outputs, Path dir, String kind, FileChannel ch, FileLock lock) {
        this.outputs = outputs;
        this.dir = dir;
        this.kind = kind;
        this.lockChannel = ch;
        this.lock = lock;
    }

    static RunFolder open(Outputs outputs, Path dir, String kind) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw Reasons.refused(dir, "is a file, not a folder");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw Reasons.of(dir, "cannot create the folder", e);
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw Reasons.of(dir, "cannot write into the folder", e);
        }
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            closeQuietly(ch);
            throw Reasons.of(dir, "cannot lock the folder", e);
        }
        if (lock == null) {
            closeQuietly(ch);
            throw Reasons.refused(dir, "another gpusched run is writing into this folder; use another --out folder");
        }
        RunFolder f = new RunFolder(outputs, dir, kind, ch, lock);
        try {
            f.checkContents();
        } catch (RuntimeException e) {
            f.release();
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
        mark("running");
    }

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
        mark("complete");
        complete = true;
    }

    private void mark(String status) {
        ObjectNode o = MAPPER.createObjectNode().put("format", "gpusched-run").put("kind", kind).put("status", status);
        ObjectNode p = o.putObject("params");
        params.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> p.put(e.getKey(), e.getValue()));
        ArrayNode files = o.putArray("files");
        written.forEach(f -> files.add(f.getFileName().toString()));
        String text;
        try {
            text = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        outputs.forced().writeString(dir.resolve(MARKER), text);
    }

    @Override
    public void close() {
        if (!complete && !written.isEmpty()) {
            // The run stopped between its first and last file: say so rather than look complete.
            try {
                mark("failed");
            } catch (RuntimeException e) {
                // The marker still says "running", which says the same.
            }
        }
        release();
    }

    private void release() {
        try {
            lock.release();
        } catch (IOException e) {
            // Closing the channel below releases it too.
        }
        closeQuietly(lockChannel);
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // Nothing left to do with a lock file.
        }
    }
}
