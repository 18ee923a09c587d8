package org.gpusched.output;

import org.gpusched.model.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a run stopped by a signal, or dead without a word, leaves behind; and two runs on one output. */
class InterruptedRunsTest {
    /** Starts {@link InterruptedWriter}, waits for "ready", stops it with SIGTERM (Process.destroy). */
    private static void stopWhileWriting(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx64m", "-cp", System.getProperty("java.class.path"), InterruptedWriter.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(r.readLine()).isEqualTo("ready");
            p.destroy(); // SIGTERM on Linux and macOS
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).isEqualTo(143); // 128 + SIGTERM: it was stopped, not finished
    }

    /**
     * The status of a folder's run as a reader should take it (docs/cli.md): the marker's status,
     * except that "running" while no process holds the folder's lock is "failed" (a run that died).
     */
    private static String status(Path dir) {
        String s = RunFolder.readMarker(dir).path("status").asText();
        if (!s.equals("running") || !Files.exists(dir.resolve(RunFolder.LOCK))) {
            return s;
        }
        try (OutputLock free = OutputLock.hold(dir.resolve(RunFolder.LOCK), dir, "this folder", "")) {
            return "failed";
        } catch (InputException held) {
            // Only a lock another run holds means "running"; a lock that cannot be made is the test's failure.
            if (!held.getMessage().contains("another gpusched run")) {
                throw held;
            }
            return s;
        }
    }

    @Test
    void a_run_folder_stopped_by_sigterm_says_failed_with_a_reason(@TempDir Path dir) throws Exception {
        stopWhileWriting("folder", dir.toString());
        assertThat(RunFolder.readMarker(dir).path("status").asText()).isEqualTo("failed");
        assertThat(RunFolder.readMarker(dir).path("reason").asText()).startsWith("interrupted:");
        assertThat(status(dir)).isEqualTo("failed");
    }

    @Test
    void outputs_that_belong_together_stopped_by_sigterm_stay_as_they_were(@TempDir Path dir) throws Exception {
        Outputs o = Outputs.of(List.of(), false);
        Path table = dir.resolve("t.json");
        Path page = dir.resolve("r.html");
        o.writeString(table, "old table\n");
        o.writeString(page, "old page\n");
        stopWhileWriting("staged", table.toString(), page.toString());
        assertThat(Files.readString(table)).isEqualTo("old table\n");
        assertThat(Files.readString(page)).isEqualTo("old page\n");
        assertThat(temporaries(dir)).isEmpty();
    }

    @Test
    void a_marker_left_running_by_a_dead_run_is_failed_stale(@TempDir Path dir) throws IOException {
        Outputs o = Outputs.of(List.of(), false);
        RunFolder dead = o.folder(dir, "experiment runtime");
        dead.start(Map.of("seed", "1"));
        dead.writeString("raw.csv", "unit\n");
        // As after SIGKILL: the marker says running, nothing marks it, and the lock is free.
        String running = Files.readString(dir.resolve(RunFolder.MARKER));
        dead.close();
        Files.writeString(dir.resolve(RunFolder.MARKER), running);
        assertThat(RunFolder.readMarker(dir).path("status").asText()).isEqualTo("running");

        assertThat(status(dir)).isEqualTo("failed");
        try (RunFolder next = o.folder(dir, "experiment runtime")) {
            assertThat(next.stale()).hasValueSatisfying(line -> assertThat(line).contains(dir.toString())
                    .contains("recorded as 'failed'"));
            assertThat(RunFolder.readMarker(dir).path("status").asText()).isEqualTo("failed");
            assertThat(RunFolder.readMarker(dir).path("reason").asText()).startsWith("stale:");
            // While a live run holds the folder, its "running" is believed.
            next.start(Map.of());
            assertThat(status(dir)).isEqualTo("running");
            next.complete();
        }
        assertThat(status(dir)).isEqualTo("complete");
    }

    @Test
    void a_second_run_on_a_held_output_is_refused_naming_it_and_the_holder(@TempDir Path dir) throws IOException {
        Path table = dir.resolve("t.json");
        try (Outputs first = Outputs.of(List.of(), false).staged()) {
            first.check(table);
            first.writeString(table, "first\n");
            try (Outputs second = Outputs.of(List.of(), false).staged()) {
                assertThatThrownBy(() -> second.check(table)).isInstanceOf(InputException.class)
                        .hasMessage(table + ": another gpusched run (pid " + ProcessHandle.current().pid()
                                + ") is writing this output; wait for it to end or write elsewhere");
            }
            assertThat(table).doesNotExist(); // not before the whole run is written
            assertThat(temporaries(dir)).hasSize(1);
            first.commit();
        }
        assertThat(Files.readString(table)).isEqualTo("first\n");
        assertThat(temporaries(dir)).isEmpty();
        try (Outputs third = Outputs.of(List.of(), false).staged()) {
            third.check(table); // released
            third.writeString(table, "third\n");
        } // closed without commit: an error before the end leaves the previous file, no temporary
        assertThat(Files.readString(table)).isEqualTo("first\n");
        assertThat(temporaries(dir)).isEmpty();
    }

    private static List<String> temporaries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(".gpusched-tmp-")).toList();
        }
    }

    @Test
    void an_output_renamed_into_place_but_not_yet_recorded_is_another_runs_until_its_lock_is_free(@TempDir Path dir)
            throws IOException {
        Path table = dir.resolve("t.json");
        try (Outputs first = Outputs.of(List.of(), false).staged()) {
            first.check(table);
            // The first run's commit, stopped between its rename and its record.
            Files.writeString(table, "first\n");
            try (Outputs second = Outputs.of(List.of(), false).staged()) {
                assertThatThrownBy(() -> second.check(table)).isInstanceOf(InputException.class)
                        .hasMessageContaining(": another gpusched run (pid ");
            }
            WrittenFiles.record(table, WrittenFiles.sha256(table));
        }
        try (Outputs third = Outputs.of(List.of(), false).staged()) {
            third.check(table); // recorded and free: gpusched's own file
        }
        Files.writeString(table, "changed by hand\n");
        try (Outputs fourth = Outputs.of(List.of(), false).staged()) {
            assertThatThrownBy(() -> fourth.check(table)).isInstanceOf(InputException.class)
                    .hasMessageContaining("exists and was not written by gpusched");
        }
    }
}
