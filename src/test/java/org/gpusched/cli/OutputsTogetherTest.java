package org.gpusched.cli;

import org.gpusched.output.Outputs;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * analyze's files that belong together (--table beside --html) and inputs that cannot block:
 * a second run on held outputs is refused, concurrent runs leave the files of one run, and a
 * named pipe with no writer is refused instead of waiting forever.
 */
class OutputsTogetherTest {
    static final String A = "examples/paper-fig1.json";
    static final String B = "examples/paper-example-2-1.json";

    @TempDir
    Path dir;

    @Test
    void a_run_on_outputs_another_run_holds_is_refused_with_one_line() throws Exception {
        Path table = dir.resolve("t.json");
        Path html = dir.resolve("r.html");
        try (Outputs holder = Outputs.of(List.of(), false).staged()) {
            holder.check(html);
            CliRunner r = CliRunner.run("analyze", A, "--table", table.toString(), "--html", html.toString());
            assertThat(r.code()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).isEqualTo(html + ": another gpusched run (pid " + ProcessHandle.current().pid()
                    + ") is writing this output; wait for it to end or write elsewhere\n");
            assertThat(table).doesNotExist();
        }
        assertThat(CliRunner.run("analyze", A, "--table", table.toString(), "--html", html.toString()).code()).isZero();
        assertThat(Files.readString(html)).contains(A);
        assertThat(Files.readString(table)).contains("\"paper-fig1\"");
    }

    /**
     * loop's three files (workload, table, rounds) and profile's two (workload, samples) belong
     * together too: one held output refuses the run before anything is measured, and none of the
     * others is written.
     */
    @Test
    void loop_and_profile_refuse_outputs_another_run_holds_and_write_none_of_theirs() throws Exception {
        Path out = dir.resolve("m.json");
        Path table = dir.resolve("m.table.json");
        Path rounds = dir.resolve("m.rounds.json");
        Path samples = dir.resolve("m.samples.csv");
        try (Outputs holder = Outputs.of(List.of(), false).staged()) {
            holder.check(table);
            CliRunner loop = CliRunner.run("loop", A, "--device", "sim", "--out", out.toString());
            assertThat(loop.code()).as(loop.err()).isEqualTo(2);
            assertThat(loop.err()).startsWith(table + ": another gpusched run").hasLineCount(1);
            holder.check(samples);
            CliRunner profile = CliRunner.run("profile", A, "--device", "sim", "--out", out.toString());
            assertThat(profile.code()).as(profile.err()).isEqualTo(2);
            assertThat(profile.err()).startsWith(samples + ": another gpusched run").hasLineCount(1);
        }
        assertThat(out).doesNotExist();
        assertThat(rounds).doesNotExist();
        assertThat(CliRunner.run("loop", A, "--device", "sim", "--out", out.toString()).code()).isZero();
        assertThat(List.of(out, table, rounds)).allMatch(Files::exists);
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.contains(".gpusched-tmp-"));
        }
    }

    /** Both sides of a race, run at once many times: each pair of files present comes from one input. */
    @Test
    void concurrent_runs_on_the_same_outputs_leave_the_files_of_one_run() throws Exception {
        Path table = dir.resolve("t.json");
        Path html = dir.resolve("r.html");
        for (int i = 0; i < 8; i++) {
            String[] a = {"analyze", A, "--table", table.toString(), "--html", html.toString()};
            String[] b = {"analyze", B, "--table", table.toString(), "--html", html.toString()};
            CompletableFuture<CliRunner> fa = CompletableFuture.supplyAsync(() -> CliRunner.run(a));
            CompletableFuture<CliRunner> fb = CompletableFuture.supplyAsync(() -> CliRunner.run(b));
            CliRunner ra = fa.get(120, TimeUnit.SECONDS);
            CliRunner rb = fb.get(120, TimeUnit.SECONDS);
            for (CliRunner r : List.of(ra, rb)) {
                assertThat(r.code()).as(r.err()).isIn(0, 2);
                if (r.code() == 2) {
                    assertThat(r.err()).contains("another gpusched run").hasLineCount(1);
                }
            }
            assertThat(ra.code() + rb.code()).as("at least one run wrote").isLessThan(4);
            boolean fromA = Files.readString(table).contains("\"paper-fig1\"");
            assertThat(Files.readString(html)).as("round " + i).contains(fromA ? A : B)
                    .doesNotContain(fromA ? B : A);
        }
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.contains("gpusched-tmp"))).isEmpty();
        }
    }

    private Path fifo(String name) throws Exception {
        Path p = dir.resolve(name);
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).start();
        } catch (java.io.IOException e) {
            Assumptions.abort("mkfifo is not available here: " + e.getMessage());
            return null;
        }
        assertThat(mk.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Assumptions.assumeTrue(mk.exitValue() == 0, "mkfifo failed here");
        return p;
    }

    @Test
    void a_named_pipe_without_a_writer_is_refused_not_waited_on_forever() throws Exception {
        Path p = fifo("in.json");
        Path table = dir.resolve("table.json");
        assertThat(CliRunner.run("analyze", A, "--table", table.toString()).code()).isZero();
        List<String[]> commands = List.of(new String[] {"validate", p.toString()},
                new String[] {"analyze", p.toString()},
                new String[] {"play", table.toString(), "--taskset", A, "--device", "sim", "--sim-contention",
                    p.toString()});
        for (String[] args : commands) {
            CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run(args));
            CliRunner r = run.get(60, TimeUnit.SECONDS); // today: never returns
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).startsWith(p + ": is a pipe that nothing writes into").hasLineCount(1);
        }
    }

    @Test
    void a_named_pipe_with_a_writer_and_standard_input_still_read() throws Exception {
        Path p = fifo("fed.json");
        byte[] text = Files.readAllBytes(Path.of(A));
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (OutputStream out = Files.newOutputStream(p)) {
                out.write(text);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRunner r = CliRunner.run("validate", p.toString());
        assertThat(r.code()).as(r.err()).isZero();
        writer.get(30, TimeUnit.SECONDS);

        Process stdin = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "validate", "-")
                .redirectInput(Path.of(A).toFile()).redirectErrorStream(true).start();
        String out = new String(stdin.getInputStream().readAllBytes());
        assertThat(stdin.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(stdin.exitValue()).as(out).isZero();
    }
}
