package org.gpusched.output;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * How gpusched recognises a file it wrote: each folder it writes into holds
 * {@value #NAME}, a JSON object {@code {"files": {NAME: SHA-256}}} of the files gpusched wrote
 * there. A file counts as gpusched's only while its content still has that hash, so a file the
 * user edited since, or one copied in from elsewhere, is the user's and is not overwritten
 * without {@code --force}. An unreadable registry counts as empty (the safe side).
 */
final class WrittenFiles {
    static final String NAME = ".gpusched-outputs";
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    /** FileChannel locks are per process; this serialises the threads of one process. */
    private static final Object IN_PROCESS = new Object();

    private WrittenFiles() { }

    static boolean wroteIt(Path file) throws IOException {
        Path reg = registryOf(file);
        if (!Files.isRegularFile(reg)) {
            return false;
        }
        JsonNode known = read(reg).path("files").path(file.getFileName().toString());
        return known.isTextual() && known.asText().equals(sha256(file));
    }

    static void record(Path file, String sha256) throws IOException {
        Path reg = registryOf(file);
        synchronized (IN_PROCESS) {
            try (FileChannel ch = FileChannel.open(reg, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
                ObjectNode root = parse(ch);
                ObjectNode files = root.has("files") && root.get("files").isObject()
                        ? (ObjectNode) root.get("files") : root.putObject("files");
                files.put(file.getFileName().toString(), sha256);
                byte[] bytes = (MAPPER.writer(Canonical.PRETTY).writeValueAsString(root) + "\n")
                        .getBytes(StandardCharsets.UTF_8);
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(bytes), 0);
                ch.force(true);
            }
        }
    }

    private static Path registryOf(Path file) {
        return file.toAbsolutePath().getParent().resolve(NAME);
    }

    private static JsonNode read(Path reg) throws IOException {
        // Shared lock: a record() elsewhere truncates before it writes, and that moment reads as empty.
        synchronized (IN_PROCESS) {
            try (FileChannel ch = FileChannel.open(reg, StandardOpenOption.READ);
                    FileLock lock = ch.lock(0, Long.MAX_VALUE, true)) {
                return parse(ch);
            }
        }
    }

    /** The whole registry (it is small), read without closing the locked channel as a parser would. */
    private static ObjectNode parse(FileChannel ch) throws IOException {
        byte[] bytes = Channels.newInputStream(ch).readAllBytes();
        try {
            return MAPPER.readTree(bytes) instanceof ObjectNode o ? o : MAPPER.createObjectNode();
        } catch (IOException e) {
            return MAPPER.createObjectNode();
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest md = digest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), md)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
