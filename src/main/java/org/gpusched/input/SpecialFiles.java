package org.gpusched.input;

import org.gpusched.model.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Opening an input that is not a regular file: a named pipe (or {@code <(…)}) opens only once
 * something opens it for writing, so a pipe nobody writes into would block gpusched forever.
 * It is opened on a helper thread for at most {@link #WAIT}; a pipe still without a writer then is
 * refused with one line (exit 2), and the helper is released by opening the pipe for writing
 * once (it reads an empty pipe and ends). Standard input ("-") never comes here.
 */
final class SpecialFiles {
    /** Long enough for a writer started beside gpusched ({@code mkfifo p; gen > p & gpusched … p}). */
    static final Duration WAIT = Duration.ofSeconds(3);

    private SpecialFiles() { }

    static InputStream open(Path file, Duration wait) throws IOException {
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
            return opened.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            release(file, opened);
            throw new InputException(file.toString(), "", "is a pipe that nothing writes into (waited "
                    + wait.toSeconds() + " s); start its writer first, or give a regular file or - for standard input");
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
}
