package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What the user gave stays as it was, whatever the output options name (docs/cli.md, "Output files"). */
class UserFilesKeptTest {

    @Test
    void play_never_writes_over_its_sim_timing_file_even_with_force(@TempDir Path dir) throws IOException {
        Path ts = Files.copy(Path.of("examples/optimistic.json"), dir.resolve("ts.json"));
        Path truth = Files.copy(Path.of("examples/optimistic-truth.json"), dir.resolve("truth.json"));
        Path table = dir.resolve("table.json");
        assertThat(CliRunner.run("analyze", ts.toString(), "--table", table.toString()).code()).isZero();
        byte[] before = Files.readAllBytes(truth);
        CliRunner r = CliRunner.run("play", table.toString(), "--taskset", ts.toString(), "--device", "sim",
                "--sim-timing", truth.toString(), "--html", truth.toString(), "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(truth + ": is an input of this run; gpusched never overwrites its inputs\n");
        assertThat(Files.readAllBytes(truth)).isEqualTo(before);
    }

    @Test
    void play_keeps_a_measured_model_it_wrote_when_it_is_the_sim_timing_file(@TempDir Path dir) throws IOException {
        Path ts = Files.copy(Path.of("examples/optimistic.json"), dir.resolve("ts.json"));
        Path measured = dir.resolve("measured.json");
        assertThat(CliRunner.run("profile", ts.toString(), "--device", "sim", "--runs", "3", "--warmup", "0",
                "--out", measured.toString()).code()).isZero();
        Path table = dir.resolve("table.json");
        assertThat(CliRunner.run("analyze", ts.toString(), "--table", table.toString()).code()).isZero();
        byte[] before = Files.readAllBytes(measured);
        CliRunner r = CliRunner.run("play", table.toString(), "--taskset", ts.toString(), "--device", "sim",
                "--sim-timing", measured.toString(), "--html", measured.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith(measured + ": is an input of this run");
        assertThat(Files.readAllBytes(measured)).as("gpusched wrote it, but it is this run's input").isEqualTo(before);
    }

    @Test
    void no_output_writes_over_a_kernel_module_the_workload_names_even_with_force(@TempDir Path dir)
            throws IOException {
        Path module = Files.writeString(dir.resolve("k.cubin"), "my kernels\n");
        Path ts = Files.writeString(dir.resolve("ts.json"), """
                {"name": "with-module", "gpu": {"preset": "jetson-agx-orin-64gb"}, "tasks": [
                  {"name": "a", "period": 10, "wcet": 2,
                   "kernel": {"blocks": 4, "threadsPerBlock": 128, "symbol": "a", "module": "k.cubin"}},
                  {"name": "b", "period": 20, "wcet": 3, "kernel": {"blocks": 4, "threadsPerBlock": 128}}]}
                """);
        CliRunner r = CliRunner.run("analyze", ts.toString(), "--table", module.toString(), "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(module + ": is an input of this run; gpusched never overwrites its inputs\n");
        assertThat(Files.readString(module)).isEqualTo("my kernels\n");
    }

    @Test
    void a_module_a_gpu_segment_names_is_an_input_too_by_any_spelling(@TempDir Path dir) throws IOException {
        Path module = Files.writeString(Files.createDirectories(dir.resolve("kernels")).resolve("det.ptx"), "ptx\n");
        Path ts = Files.writeString(dir.resolve("w.json"), """
                {"formatVersion": 2, "name": "v2-module", "gpu": {"preset": "jetson-agx-orin-64gb"}, "tasks": [
                  {"name": "det", "period": 20000, "segments": [{"gpu": {"exec": 7000,
                   "kernel": {"blocks": 32, "threadsPerBlock": 256, "symbol": "det", "module": "kernels/det.ptx"}}}]}]}
                """);
        Path spelled = dir.resolve("kernels/../kernels/det.ptx");
        CliRunner r = CliRunner.run("compare", ts.toString(), "--html", spelled.toString(), "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(spelled + ": is an input of this run; gpusched never overwrites its inputs\n");
        assertThat(Files.readString(module)).isEqualTo("ptx\n");
    }

    @Test
    void generate_writes_no_set_when_one_of_its_files_is_refused(@TempDir Path dir) throws IOException {
        Path mine = dir.resolve("mixed-u1.50-n5-i1.json");
        Files.writeString(mine, "mine\n");
        CliRunner r = CliRunner.run("generate", "-u", "1.5", "--count", "3", "--out", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(mine + ": exists and was not written by gpusched (or was changed since); "
                + "add --force to overwrite it\n");
        assertThat(Files.readString(mine)).isEqualTo("mine\n");
        try (var files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).as("no set of the refused run is left")
                    .containsExactly("mixed-u1.50-n5-i1.json");
        }
    }

    @Test
    void export_to_dash_prints_on_stdout_and_writes_no_file_named_dash(@TempDir Path dir) throws Exception {
        Run r = java(dir, "export", "--to", "mast", Path.of("examples/paper-fig1.json").toAbsolutePath().toString(),
                "-o", "-");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Model (").contains("tau1");
        assertThat(dir.resolve("-")).doesNotExist();
    }

    @Test
    void a_table_to_dev_stdout_goes_into_the_pipe_it_names(@TempDir Path dir) throws Exception {
        Run r = java(dir, "analyze", Path.of("examples/paper-fig1.json").toAbsolutePath().toString(),
                "--table", "/dev/stdout", "--quiet");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("\"format\" : \"gpusched-table\"");
    }

    @Test
    void a_table_to_dev_stdout_redirected_into_a_file_is_written_there_and_the_link_kept(@TempDir Path dir)
            throws Exception {
        Path redirected = dir.resolve("out.txt");
        boolean link = Files.isSymbolicLink(Path.of("/dev/stdout"));
        for (String force : List.of("--threads=1", "--force")) {
            Run r = java(dir, redirected, "analyze", Path.of("examples/paper-fig1.json").toAbsolutePath().toString(),
                    "--table", "/dev/stdout", "--quiet", force);
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.err()).isEmpty();
            assertThat(Files.readString(redirected)).contains("\"format\" : \"gpusched-table\"");
            assertThat(Files.isSymbolicLink(Path.of("/dev/stdout"))).isEqualTo(link);
        }
    }

    @Test
    void sensitivity_force_says_what_it_overwrites() {
        CliRunner r = CliRunner.run("sensitivity", "--help");
        assertThat(r.out()).contains("--html file that gpusched").doesNotContain("--out");
    }

    @Test
    void loop_plan_refuses_a_table_it_would_never_write(@TempDir Path dir) {
        Path out = dir.resolve("planned.json");
        Path table = dir.resolve("planned.table.json");
        CliRunner r = CliRunner.run("loop", "--plan", "examples/drone-plan.json", "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--out", out.toString(), "--table", table.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("gpusched: loop --plan does not use --table (");
        assertThat(out).doesNotExist();
    }

    private record Run(int code, String out, String err) { }

    /** gpusched in a JVM of its own in {@code dir}, its stdout and stderr pipes (as in a CI job's pipeline). */
    private static Run java(Path dir, String... args) throws Exception {
        return java(dir, null, args);
    }

    /** As above, stdout redirected into {@code stdout} when not null (as {@code > FILE} in a shell). */
    private static Run java(Path dir, Path stdout, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                "org.gpusched.cli.Main"));
        line.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(line).directory(dir.toFile());
        if (stdout != null) {
            pb.redirectOutput(stdout.toFile());
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out, err);
    }
}
