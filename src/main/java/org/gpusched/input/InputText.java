package org.gpusched.input;

import org.gpusched.model.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.*;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The text of an input file ("-" is stdin): at most {@link ReadLimits#MAX_DOCUMENT_BYTES} bytes,
 * read without holding more, and strictly UTF-8. A malformed byte is refused with its line and
 * column rather than silently replaced, so the user's bytes are never changed without a word.
 */
public final class InputText {
    /** Long enough for a writer started beside gpusched ({@code mkfifo p; gen > p & gpusched … p}). */
    static final Duration WAIT = Duration.ofSeconds(3);

    private InputText() { }

    public static String read(Path file) {
        String name = file.toString();
        byte[] bytes;
        try {
            if ("-".equals(name)) {
                bytes = bounded(System.in); // stdin stays open: it is not ours to close
            } else {
                bytes = Files.isRegularFile(file) && Files.size(file) <= ReadLimits.MAX_DOCUMENT_BYTES
                        ? Files.readAllBytes(file) // one array of the exact size: half the peak of a stream
                        : boundedFile(file);
            }
        } catch (NoSuchFileException e) {
            throw new InputException(name, "", "no such file");
        } catch (IOException e) {
            throw new InputException(name, "", "cannot read: " + e.getMessage());
        }
        if (bytes.length > ReadLimits.MAX_DOCUMENT_BYTES) {
            throw new InputException(name, "", ReadLimits.tooLarge());
        }
        return decode(name, bytes);
    }

    private static byte[] boundedFile(Path file) throws IOException {
        // A pipe or device may never open (no writer): opened with a time limit rather than hang.
        try (InputStream in = Files.isRegularFile(file) || Files.isDirectory(file) ? Files.newInputStream(file)
                : openSpecial(file)) {
            return bounded(in);
        }
    }

    /**
     * Opens an input that is not a regular file: a named pipe (or {@code <(…)}) opens only once
     * something opens it for writing, so a pipe nobody writes into would block gpusched forever.
     * It is opened on a helper thread for at most {@link #WAIT}; a pipe still without a writer then is
     * refused with one line (exit 2), and the helper is released by opening the pipe for writing
     * once (it reads an empty pipe and ends). Standard input ("-") never comes here.
     */
    private static InputStream openSpecial(Path file) throws IOException {
        CompletableFuture<InputStream> opened = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                opened.complete(Files.newInputStream(file));
            } catch (IOException e) {
                opened.completeExceptionally(e);
            }
        }, "gpusched-open-input");
        t.setDaemon(true);
        t.start();
        try {
            return opened.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            release(file, opened);
            throw new InputException(file.toString(), "", "is a pipe that nothing writes into (waited "
                    + WAIT.toSeconds() + " s); start its writer first, or give a regular file or - for standard input");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new UncheckedIOException(new IOException(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            release(file, opened);
            throw new InputException(file.toString(), "", "interrupted while waiting for its writer");
        }
    }

    /** Unblocks the helper still opening the pipe, and closes what it opens. */
    private static void release(Path file, CompletableFuture<InputStream> opened) {
        opened.thenAccept(in -> {
            try {
                in.close();
            } catch (IOException e) {
                // Nothing was read from it.
            }
        });
        Thread w = new Thread(() -> {
            // Our own reader is waiting, so opening for writing returns at once; closing it ends that read.
            try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE)) {
                out.flush();
            } catch (IOException | RuntimeException e) {
                // Not a pipe after all (a device): the helper stays a daemon and ends with the JVM.
            }
        }, "gpusched-release-input");
        w.setDaemon(true);
        w.start();
    }

    /** One byte over the limit is enough to know: a 10 GB file is never read into memory. */
    private static byte[] bounded(InputStream in) throws IOException {
        return in.readNBytes(ReadLimits.MAX_DOCUMENT_BYTES + 1);
    }

    /** The bytes as UTF-8; the first malformed sequence is an input error at its line and column. */
    public static String decode(String name, byte[] bytes) {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        // Checked through a small buffer, then decoded once: a file near the size limit must read
        // in a small heap (its bulk under "x" is never held beyond this text).
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(8192);
        CoderResult r;
        while ((r = d.decode(in, out, true)).isOverflow()) {
            out.clear();
        }
        if (r.isUnderflow()) {
            r = d.flush(out);
        }
        if (r.isError()) {
            throw invalid(name, bytes, in.position(), r.length());
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static InputException invalid(String name, byte[] bytes, int at, int length) {
        int lineStart = 0;
        int line = 1;
        for (int i = 0; i < at; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column;
        try {
            // Columns count characters, as the JSON parser's do; the line up to here is valid UTF-8.
            column = StandardCharsets.UTF_8.newDecoder()
                    .decode(ByteBuffer.wrap(bytes, lineStart, at - lineStart)).length() + 1;
        } catch (CharacterCodingException e) {
            column = at - lineStart + 1;
        }
        StringBuilder hex = new StringBuilder();
        for (int i = at; i < Math.min(bytes.length, at + Math.max(length, 1)); i++) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format("0x%02X", bytes[i] & 0xff));
        }
        return new InputException(name, "", line, column, "invalid UTF-8: byte " + hex
                + " is not part of a valid UTF-8 character (save the file as UTF-8)", null);
    }
}
