package org.gpusched.cli;

import org.gpusched.resident.ResidentServer;

import java.io.*;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The launcher's resident JVM ({@code GPUSCHED_RESIDENT=on}, docs/performance.md, "A resident JVM"): a
 * {@link ResidentServer} whose calls run the command line as {@link Main#main} does.
 */
public final class Resident {
    private Resident() {
    }

    /** {@code STATE_FILE IDLE_SECONDS [INPUT]}: INPUT is analysed once first, so the first call finds the classes loaded. */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: Resident STATE_FILE IDLE_SECONDS [WARM_UP_INPUT]");
            System.exit(2);
        }
        if (args.length > 2 && Files.isRegularFile(Path.of(args[2]))) {
            PrintWriter none = new PrintWriter(Writer.nullWriter());
            Main.run(none, none, "analyze", args[2], "--quiet");
        }
        try (ServerSocket server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress())) {
            ResidentServer r = new ResidentServer(Path.of(args[0]), server, ResidentServer.newToken(), Resident::call);
            r.publish();
            r.serve(Long.parseLong(args[1]) * 1_000_000_000L);
            r.unpublish();
        }
        System.exit(0);
    }

    /** One call: the run a fresh JVM would make, stderr's terminal test being the caller's, not ours. */
    static int call(OutputStream stdout, PrintWriter err, boolean stderrTty, String... args) {
        String oldTty = System.getProperty(ProgressOption.TTY_PROPERTY);
        System.setProperty(ProgressOption.TTY_PROPERTY, Boolean.toString(stderrTty));
        try {
            return CheckedStdout.run(stdout, err, args);
        } catch (Throwable t) {
            return JvmErrors.report(err, t, Arrays.asList(args).contains("--verbose"));
        } finally {
            if (oldTty == null) {
                System.clearProperty(ProgressOption.TTY_PROPERTY);
            } else {
                System.setProperty(ProgressOption.TTY_PROPERTY, oldTty);
            }
        }
    }
}
