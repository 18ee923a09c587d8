package org.gpusched.output;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The one way gpusched keeps a second run off what a first is writing: an exclusive lock
 * ({@link FileChannel#tryLock}) on a small lock file, which names the holding process. Run folders
 * lock {@code .gpusched-run.lock}, single outputs {@code .NAME.gpusched-lock} beside them. The
 * operating system releases the lock when its process ends, however it ends, so a lock file that
 * can be locked belongs to no running gpusched. Lock files are kept after a run: deleting one
 * while another process waits to lock it would let two runs hold "the same" lock.
 */
final class OutputLock implements AutoCloseable {
    /** Holds the lock: closing the channel releases it. */
    private final FileChannel channel;

    private OutputLock(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Locks {@code lockFile}; when another run holds it (another process, or another run of this
     * process: the JVM's locks are per process, so that shows as an overlap) it is exit 2 with one
     * line naming {@code target} and the holder: "another gpusched run (pid N) is writing WHAT; ADVICE".
     */
    static OutputLock hold(Path lockFile, Path target, String what, String advice) {
        FileChannel ch;
        try {
            ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw Reasons.of(target, "cannot create its lock file " + lockFile.getFileName(), e);
        }
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            closeQuietly(ch);
            throw Reasons.of(target, "cannot lock " + lockFile.getFileName(), e);
        }
        if (lock == null) {
            closeQuietly(ch);
            throw Reasons.refused(target, "another gpusched run" + holder(lockFile) + " is writing " + what + "; "
                    + advice);
        }
        try {
            // Who holds it, for the line a refused run prints.
            byte[] me = ("pid " + ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
            // Written over the last holder's note, then cut to length: a reader never sees it empty.
            ch.write(ByteBuffer.wrap(me), 0);
            ch.truncate(me.length);
        } catch (IOException e) {
            // The lock holds without the note; the refusal then names no process.
        }
        return new OutputLock(ch);
    }

    /** " (pid N)" as the holder wrote it into the lock file, or "" when it cannot be read. */
    private static String holder(Path lockFile) {
        try {
            String s = Files.readString(lockFile, StandardCharsets.US_ASCII).strip();
            return s.matches("pid [0-9]{1,19}") ? " (" + s + ")" : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    @Override
    public void close() {
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // Nothing left to do with a lock file.
        }
    }
}
