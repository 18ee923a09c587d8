package org.gpusched.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.*;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import org.gpusched.resident.ResidentServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident JVM's side of a call, with a sleeping process as the caller: it serves only a caller
 * whose directory and environment are its own and whose output files are opened for appending, and
 * what it writes there is what a fresh run prints. (src/test/sh/resident.sh takes the launcher's side.)
 */
@EnabledOnOs(OS.LINUX)
class ResidentTest {
    private static final String FIG1 = "examples/paper-fig1.json";

    @TempDir
    Path dir;
    private ServerSocket server;
    private ResidentServer resident;
    private Thread serving;
    private int port;
    private String token;
    private final List<Process> callers = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        startWith(null);
    }

    /** Starts a resident that runs calls with {@code runner} (null: the real one) and reads its state file. */
    private void startWith(ResidentServer.Runner runner) throws IOException {
        server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Path state = dir.resolve("state");
        ResidentServer.Runner calls = runner == null ? Resident::call : runner;
        resident = new ResidentServer(state, server, ResidentServer.newToken(), calls);
        resident.publish();
        serving = new Thread(() -> {
            try {
                resident.serve(Long.MAX_VALUE / 4);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        serving.start();
        String[] published = Files.readString(state).strip().split(" ");
        port = Integer.parseInt(published[0]);
        token = published[1];
        assertThat(Long.parseLong(published[2])).isEqualTo(ProcessHandle.current().pid());
        assertThat(Files.getPosixFilePermissions(state)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
    }

    @AfterEach
    void stop() throws Exception {
        resident.stop();
        serving.join(10_000);
        server.close();
        callers.forEach(Process::destroy);
    }

    /** A caller: a process that only waits, with the streams and directory {@code pb} gives it. */
    private long caller(ProcessBuilder pb) throws IOException {
        Process p = pb.command("sleep", "120").start();
        callers.add(p);
        return p.pid();
    }

    private ProcessBuilder appendingTo(Path out, Path err) {
        ProcessBuilder pb = new ProcessBuilder().redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(err.toFile()));
        // The variables this JVM reads, not the C library's current ones (native code may have set more).
        pb.environment();
        return pb;
    }

    /** Sends one call and returns the lines of the answer ("run", "exit N"; or "fallback"). */
    private List<String> call(String tokenSent, long pid, String... args) throws IOException {
        return call(tokenSent, pid, false, args);
    }

    /** A call as the launcher makes it, {@code stderrTty} its test of the caller's stderr. */
    private List<String> call(String tokenSent, long pid, boolean stderrTty, String... args) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream o = s.getOutputStream();
            String tty = stderrTty ? "1" : "0";
            for (String f : List.of(tokenSent, Long.toString(pid), tty, Integer.toString(args.length))) {
                o.write((f + "\0").getBytes(StandardCharsets.UTF_8));
            }
            for (String a : args) {
                o.write((a + "\0").getBytes(StandardCharsets.UTF_8));
            }
            o.flush();
            BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            List<String> lines = new ArrayList<>();
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                lines.add(l);
            }
            return lines;
        }
    }

    @Test
    void a_call_prints_what_a_fresh_run_prints_on_the_callers_own_streams() throws IOException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        long pid = caller(appendingTo(out, err));
        assertThat(call(token, pid, "analyze", FIG1)).containsExactly("run", "exit 0");
        CliRunner fresh = CliRunner.run("analyze", FIG1);
        assertThat(Files.readString(out)).isEqualTo(fresh.out()).contains("schedulable");
        assertThat(Files.readString(err)).isEmpty();

        // Appended, as the caller's own writes would be; a refusal of the input is exit 2 on its stderr.
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"tasks\": [");
        assertThat(call(token, pid, "analyze", bad.toString())).containsExactly("run", "exit 2");
        assertThat(Files.readString(out)).isEqualTo(fresh.out());
        assertThat(Files.readString(err)).isEqualTo(CliRunner.run("analyze", bad.toString()).err()).startsWith(bad + ":");
    }

    @Test
    void it_refuses_what_it_cannot_serve_as_a_fresh_jvm_would_and_serves_the_next_caller() throws IOException {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        long same = caller(appendingTo(out, err));
        assertThat(call("0".repeat(64), same, "analyze", FIG1)).as("no token").containsExactly("fallback");

        ProcessBuilder otherEnv = appendingTo(out, err);
        otherEnv.environment().put("GPUSCHED_RESIDENT_TEST", "another value");
        assertThat(call(token, caller(otherEnv), "analyze", FIG1)).as("environment").containsExactly("fallback");

        assertThat(call(token, caller(appendingTo(out, err).directory(dir.toFile())), "analyze", FIG1))
                .as("directory").containsExactly("fallback");

        // '> log' around a loop: one offset shared with the caller's shell, which our writes would not move.
        ProcessBuilder truncating = appendingTo(out, err).redirectOutput(dir.resolve("log.txt").toFile());
        assertThat(call(token, caller(truncating), "analyze", FIG1)).as("stdout not appending")
                .containsExactly("fallback");

        assertThat(out).isEmptyFile();
        assertThat(call(token, same, "analyze", FIG1)).containsExactly("run", "exit 0");
        assertThat(Files.readString(out)).contains("schedulable");
    }

    @Test
    void a_caller_that_sends_nonsense_gets_no_run_and_the_resident_goes_on() throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write((token + "\0not a pid\0").getBytes(StandardCharsets.US_ASCII));
            s.shutdownOutput();
            assertThat(s.getInputStream().readAllBytes()).isEmpty();
        }
        Path out = dir.resolve("out.txt");
        assertThat(call(token, caller(appendingTo(out, dir.resolve("err.txt"))), "validate", FIG1))
                .containsExactly("run", "exit 0");
        assertThat(Files.readString(out)).isEqualTo(CliRunner.run("validate", FIG1).out());
    }

    @Test
    void the_callers_terminal_test_travels_with_its_call_and_the_residents_own_comes_back() throws Exception {
        resident.stop();
        serving.join(10_000);
        server.close();
        List<Boolean> seen = new ArrayList<>();
        startWith((out, err, tty, args) -> {
            seen.add(tty);
            return Resident.call(out, err, tty, args);
        });
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        long pid = caller(appendingTo(out, err));
        String before = System.getProperty(ProgressOption.TTY_PROPERTY);
        System.setProperty(ProgressOption.TTY_PROPERTY, "false");
        try {
            assertThat(call(token, pid, false, "validate", FIG1)).containsExactly("run", "exit 0");
            assertThat(call(token, pid, true, "validate", FIG1)).containsExactly("run", "exit 0");
            assertThat(seen).containsExactly(false, true);
            assertThat(System.getProperty(ProgressOption.TTY_PROPERTY)).isEqualTo("false");
        } finally {
            if (before == null) {
                System.clearProperty(ProgressOption.TTY_PROPERTY);
            } else {
                System.setProperty(ProgressOption.TTY_PROPERTY, before);
            }
        }
    }

    @Test
    void after_an_internal_error_it_takes_no_further_call_and_ends() throws Exception {
        resident.stop();
        serving.join(10_000);
        server.close();
        startWith((out, err, tty, args) -> {
            err.println("gpusched: internal error (a stand-in)");
            return args[0].equals("boom") ? 70 : 0;
        });
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        long pid = caller(appendingTo(out, err));
        assertThat(call(token, pid, "boom")).containsExactly("run", "exit 70");
        assertThat(Files.readString(err)).isEqualTo("gpusched: internal error (a stand-in)\n");
        // Until its loop ends (within a second) it refuses; then nothing listens.
        try {
            assertThat(call(token, pid, "fine")).containsExactly("fallback");
        } catch (IOException refused) {
            assertThat(refused).hasMessageContaining("Connection refused");
        }
        serving.join(10_000);
        assertThat(serving.isAlive()).as("the resident's loop ended").isFalse();
    }
}
