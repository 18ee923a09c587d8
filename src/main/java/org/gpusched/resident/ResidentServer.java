package org.gpusched.resident;

import org.gpusched.model.ExitCodes;

import java.io.*;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.*;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A resident JVM for short runs, which the launcher uses when {@code GPUSCHED_RESIDENT=on}
 * (docs/performance.md, "A resident JVM"). A JVM cannot change its working directory or its
 * environment, so it serves only callers whose directory and environment are exactly its own (read
 * from {@code /proc}); for them a run here is the run a fresh JVM would make: the same paths, the
 * same variables, the same bytes. The caller's standard streams are opened through
 * {@code /proc/PID/fd}. One call at a time; a second caller while one runs, or any caller it cannot
 * serve so, is told "fallback" and starts its own JVM. It ends after a time without calls, when its
 * state file names another, or after a run that ended in an internal error. What a call runs is the
 * caller's {@link Runner} (the command line's), so this room knows sockets and {@code /proc}, not commands.
 */
public final class ResidentServer {
    /** The largest request: twice Linux's usual limit of a command line, far below what would hurt. */
    private static final long MAX_REQUEST = 4L << 20;
    private static final int MAX_ARGS = 10_000;
    /** Linux's O_APPEND, as /proc/PID/fdinfo shows the flags (octal). */
    private static final int O_APPEND = 02000;

    private final Path stateFile;
    private final ServerSocket server;
    private final byte[] token;
    private final String published;
    private final AtomicBoolean busy = new AtomicBoolean();
    private volatile long lastCall = System.nanoTime();
    private volatile boolean retire;
    /** Its own stderr (the launcher's resident.log): one line per call, with the reason of a refusal. */
    private final PrintStream log = System.err;

    /**
     * What runs a call: the path a fresh JVM's {@code main} takes, {@code stderrTty} standing for the
     * launcher's test of the caller's stderr. It reports its own failures and returns the exit code.
     */
    @FunctionalInterface
    public interface Runner {
        int run(OutputStream stdout, PrintWriter err, boolean stderrTty, String... args);
    }

    private final Runner runner;

    public ResidentServer(Path stateFile, ServerSocket server, byte[] token, Runner runner) {
        this.runner = runner;
        this.stateFile = stateFile;
        this.server = server;
        this.token = token;
        this.published = server.getLocalPort() + " " + new String(token, StandardCharsets.US_ASCII) + " "
                + ProcessHandle.current().pid() + "\n";
    }

    /** 32 random bytes, as the hex text callers send. */
    public static byte[] newToken() {
        byte[] token = new byte[32];
        new SecureRandom().nextBytes(token);
        return HexFormat.of().formatHex(token).getBytes(StandardCharsets.US_ASCII);
    }

    /** The state file ({@code PORT TOKEN PID}), readable by this user only, renamed into place whole. */
    public void publish() throws IOException {
        Path tmp = stateFile.resolveSibling(stateFile.getFileName() + ".tmp." + ProcessHandle.current().pid());
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, published, StandardCharsets.US_ASCII);
        Files.move(tmp, stateFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private boolean stillPublished() {
        try {
            return Files.readString(stateFile, StandardCharsets.US_ASCII).equals(published);
        } catch (IOException e) {
            return false;
        }
    }

    public void unpublish() {
        try {
            if (stillPublished()) {
                Files.delete(stateFile);
            }
        } catch (IOException e) {
            // Callers that find it cannot connect and start another.
        }
    }

    /** Answers calls until idle for {@code idleNanos}, no longer published, or {@link #stop}ped. */
    public void serve(long idleNanos) throws IOException {
        server.setSoTimeout(1_000);
        while (!retire) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> answer(s), "gpusched-resident-call");
                t.start();
            } catch (SocketTimeoutException e) {
                boolean idle = !busy.get() && System.nanoTime() - lastCall > idleNanos;
                if (idle || !busy.get() && !stillPublished()) {
                    return;
                }
            }
        }
        while (busy.get()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    public void stop() {
        retire = true;
    }

    private void answer(Socket socket) {
        try (socket) {
            socket.setSoTimeout(10_000);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream reply = socket.getOutputStream();
            // The whole request is read before any answer: a caller is never cut off while it writes.
            long[] left = {MAX_REQUEST};
            byte[] given = field(in, left);
            String pidText = new String(field(in, left), StandardCharsets.US_ASCII);
            boolean tty = "1".equals(new String(field(in, left), StandardCharsets.US_ASCII));
            int n = Integer.parseInt(new String(field(in, left), StandardCharsets.US_ASCII));
            String[] args = new String[Math.max(0, Math.min(n, MAX_ARGS))];
            for (int i = 0; i < args.length; i++) {
                args[i] = new String(field(in, left), Charset.defaultCharset());
            }
            if (!MessageDigest.isEqual(given, token)) {
                refuse(reply, "a caller without the token");
                return;
            }
            long pid = Long.parseLong(pidText);
            if (n != args.length) {
                refuse(reply, "pid " + pid + ": " + n + " arguments");
                return;
            }
            if (!sameDirectoryAndEnvironment(pid)) {
                if (!folderStands()) {
                    // Removed (and perhaps made again) under us: no caller can be served here any more.
                    retire = true;
                    unpublish();
                    log.println("gpusched resident " + ProcessHandle.current().pid() + ": its folder is gone");
                    say(reply, "gone");
                    return;
                }
                refuse(reply, "pid " + pid + ": another directory or environment");
                return;
            }
            if (!busy.compareAndSet(false, true)) {
                refuse(reply, "pid " + pid + ": busy with another call");
                return;
            }
            if (retire) {
                // Between an internal error and the end of the serving loop: no call for this JVM.
                busy.set(false);
                refuse(reply, "pid " + pid + ": retiring");
                return;
            }
            try {
                run(pid, tty, args, reply);
            } finally {
                lastCall = System.nanoTime();
                busy.set(false);
            }
        } catch (IOException | RuntimeException e) {
            // The caller went away or sent nonsense: it falls back or has ended; nothing ran for it.
        }
    }

    private void run(long pid, boolean tty, String[] args, OutputStream reply) throws IOException {
        Path fd = Path.of("/proc", Long.toString(pid), "fd");
        OutputStream out;
        OutputStream errStream;
        try {
            if (!sharedSafely(pid, 1) || !sharedSafely(pid, 2)) {
                refuse(reply, "pid " + pid + ": stdout or stderr is a file not opened for appending");
                return;
            }
            out = new FileOutputStream(fd.resolve("1").toFile(), true);
            errStream = new FileOutputStream(fd.resolve("2").toFile(), true);
        } catch (IOException e) {
            // A socket cannot be opened through /proc: that caller runs its own JVM.
            refuse(reply, "pid " + pid + ": cannot open its stdout or stderr (" + e.getMessage() + ")");
            return;
        }
        say(reply, "run");
        PrintStream oldErr = System.err;
        InputStream oldIn = System.in;
        int code;
        try (out; errStream; PrintStream err = new PrintStream(errStream, true)) {
            System.setErr(err);
            System.setIn(new CallersStdin(fd.resolve("0")));
            code = runner.run(out, new PrintWriter(err, true), tty, args);
        } finally {
            System.setErr(oldErr);
            System.setIn(oldIn);
        }
        // An internal error may have left the JVM in a state no later run should inherit.
        retire = code == ExitCodes.INTERNAL;
        log.println("gpusched resident " + ProcessHandle.current().pid() + ": pid " + pid + ": exit " + code);
        say(reply, "exit " + code);
    }

    /**
     * True when writing to the caller's descriptor through a file of our own is what writing to the
     * descriptor would be: anything but a regular file, or a regular file opened for appending. A
     * regular file opened without it ({@code > log} around a loop) has one offset, shared by the
     * caller's shell and not moved by our writes: its next line would overwrite ours.
     */
    private static boolean sharedSafely(long pid, int descriptor) throws IOException {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (!Files.isRegularFile(proc.resolve("fd").resolve(Integer.toString(descriptor)))) {
            return true;
        }
        for (String line : Files.readAllLines(proc.resolve("fdinfo").resolve(Integer.toString(descriptor)))) {
            if (line.startsWith("flags:")) {
                return (Integer.parseInt(line.substring("flags:".length()).strip(), 8) & O_APPEND) != 0;
            }
        }
        return false;
    }

    /** True when {@code pid}'s working directory and environment are this JVM's (its variable "_" aside). */
    private static boolean sameDirectoryAndEnvironment(long pid) {
        try {
            Path proc = Path.of("/proc", Long.toString(pid));
            Map<String, String> own = new HashMap<>(System.getenv());
            own.remove("_");
            // The same folder, not the same name: a folder removed and made again has our name, not our files.
            return Files.isSameFile(proc.resolve("cwd"), Path.of("/proc/self/cwd"))
                    && environment(proc.resolve("environ")).equals(own);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** True while the folder this JVM runs in is still the one its name leads to. */
    private static boolean folderStands() {
        try {
            return Files.isSameFile(Path.of(System.getProperty("user.dir")), Path.of("/proc/self/cwd"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The caller's variables as a JVM started with them would see them ({@code System.getenv}: the
     * bytes decoded as the JVM decodes them), "_" aside: what gpusched's code can read.
     */
    private static Map<String, String> environment(Path environ) throws IOException {
        Charset jnu = Charset.forName(System.getProperty("sun.jnu.encoding", Charset.defaultCharset().name()));
        Map<String, String> vars = new HashMap<>();
        for (String v : new String(Files.readAllBytes(environ), jnu).split("\0")) {
            int eq = v.indexOf('=', 1);
            if (eq > 0) {
                vars.put(v.substring(0, eq), v.substring(eq + 1));
            }
        }
        vars.remove("_");
        return vars;
    }

    private void refuse(OutputStream reply, String why) throws IOException {
        log.println("gpusched resident " + ProcessHandle.current().pid() + ": fallback: " + why);
        say(reply, "fallback");
    }

    /** One NUL-ended field; the request as a whole may not exceed {@code left[0]} bytes. */
    private static byte[] field(InputStream in, long[] left) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != 0; c = in.read()) {
            if (c < 0 || --left[0] < 0) {
                throw new EOFException("request cut short or too long");
            }
            b.write(c);
        }
        return b.toByteArray();
    }

    private static void say(OutputStream reply, String word) throws IOException {
        reply.write((word + "\n").getBytes(StandardCharsets.US_ASCII));
        reply.flush();
    }

    /** The caller's stdin, opened at the first read: a command that never reads it never touches it. */
    private static final class CallersStdin extends InputStream {
        private final Path path;
        private InputStream in;

        CallersStdin(Path path) {
            this.path = path;
        }

        private InputStream in() throws IOException {
            if (in == null) {
                in = new FileInputStream(path.toFile());
            }
            return in;
        }

        @Override
        public int read() throws IOException {
            return in().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return in().read(b, off, len);
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }
}
