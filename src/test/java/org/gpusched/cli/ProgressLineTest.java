package org.gpusched.cli;

import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The live status line of the long commands: drawn on stderr when the launcher says stderr is a
 * terminal (or with --progress), erased before the report, never with --quiet or without a terminal.
 */
class ProgressLineTest {
    @TempDir
    Path dir;

    /** A 20-task set of the paper's workload at U = 1.4 that no engine decides within two seconds. */
    private Path hardSet() throws IOException {
        return Files.writeString(dir.resolve("h20.json"), Generator.generate(1, Scenario.LARGE, 1.4, 20, 0).json());
    }

    private static CliRunner withTty(String... args) {
        System.setProperty(ProgressOption.TTY_PROPERTY, "true");
        try {
            return CliRunner.run(args);
        } finally {
            System.clearProperty(ProgressOption.TTY_PROPERTY);
        }
    }

    @Test
    void analyze_on_a_terminal_shows_states_and_elapsed_time_then_erases_the_line() throws IOException {
        Path set = hardSet();
        CliRunner plain = CliRunner.run("analyze", set.toString(), "--time-limit", "2s", "--no-timing");
        CliRunner live = withTty("analyze", set.toString(), "--time-limit", "2s", "--no-timing");
        assertThat(plain.err()).doesNotContain("\r");
        assertThat(live.code()).isEqualTo(plain.code());
        // The report itself is untouched (its deepest path depends on how far the search got in the
        // time given, so only its verdict line is compared); the line lives on stderr only.
        assertThat(live.out()).doesNotContain("\r").startsWith(plain.out().lines().findFirst().orElseThrow());
        assertThat(live.err()).contains("\ranalyze: ").containsPattern("\\d+ states").containsPattern("\\d+\\.\\ds");
        // The last thing drawn is the erasure: "\r", spaces, "\r", and nothing of the line left after it.
        String drawn = live.err().substring(0, live.err().lastIndexOf('\r') + 1);
        assertThat(drawn).endsWith("\r").matches("(?s).*\r +\r");
        assertThat(live.err().substring(drawn.length())).isEqualTo(plain.err());
    }

    @Test
    void quiet_or_no_terminal_draws_nothing_and_progress_draws_without_one() throws IOException {
        Path set = hardSet();
        CliRunner quiet = withTty("analyze", set.toString(), "--time-limit", "1s", "--quiet");
        assertThat(quiet.err()).doesNotContain("\r").doesNotContain("states");
        CliRunner forced = CliRunner.run("compare", set.toString(), "--methods", "gpusched", "--time-limit", "1s",
                "--progress");
        assertThat(forced.err()).contains("\rcompare: ").containsPattern("\\d+ states");
        assertThat(forced.out()).doesNotContain("\r");
        CliRunner off = CliRunner.run("compare", set.toString(), "--methods", "gpusched", "--time-limit", "1s");
        assertThat(off.err()).doesNotContain("\r");
    }

    @Test
    void bench_qualify_and_experiment_show_sets_done_and_keep_stdout_clean() {
        String[] bench = {"bench", "--tasks", "3,4", "--utilizations", "0.6", "--sets", "3", "--warmup", "0",
            "--format", "json"};
        CliRunner plain = CliRunner.run(bench);
        CliRunner live = withTty(bench);
        assertThat(plain.err()).isEmpty();
        assertThat(live.err()).contains("\rbench [").contains("6/6");
        // The bar is erased before every row: stdout has the rows alone, as many as without it.
        assertThat(live.out()).doesNotContain("\r").hasLineCount(plain.out().split("\n").length);
        CliRunner quiet = withTty(append(bench, "--quiet"));
        assertThat(quiet.err()).isEmpty();

        CliRunner q = withTty("qualify", "--like", QualifyCommandTest.LIKE, "--sets", "3", "--out",
                dir.resolve("q").toString(), "--no-timing");
        assertThat(q.code()).as(q.err()).isZero();
        assertThat(q.err()).contains("\rqualify: ").containsPattern("\\d+\\.\\ds");
        assertThat(q.out()).doesNotContain("\r").contains("qualify: qualified");

        CliRunner e = CliRunner.run("experiment", "interference", "--device", "sim", "--progress", "--out",
                dir.resolve("e").toString());
        assertThat(e.code()).as(e.err()).isZero();
        assertThat(e.err()).contains("\rinterference [");
        CliRunner eOff = CliRunner.run("experiment", "interference", "--device", "sim", "--out",
                dir.resolve("f").toString());
        assertThat(eOff.err()).doesNotContain("\r");
    }

    private static String[] append(String[] args, String more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 1);
        all[args.length] = more;
        return all;
    }

    /**
     * Under a real pseudo-terminal (util-linux {@code script}) the launcher's check of stderr turns
     * the line on; with stderr sent to a file it stays off.
     */
    @Test
    void the_launcher_draws_the_line_on_a_pseudo_terminal_only() throws Exception {
        assumeTrue(new ProcessBuilder("sh", "-c", "command -v script").start().waitFor() == 0, "util-linux script");
        Path set = hardSet();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The launcher's test of fd 2, as in ./gpusched, in front of the same JVM command.
        String run = "t=; [ -t 2 ] && t=-Dgpusched.stderrTty=true; exec '" + java + "' $t -cp '"
                + System.getProperty("java.class.path") + "' " + Main.class.getName() + " analyze '" + set
                + "' --time-limit 2s";
        Path script = Files.writeString(dir.resolve("run.sh"), run + "\n");
        Path onTty = dir.resolve("tty.txt");
        sh("script -qfec 'sh " + script + "' /dev/null > '" + onTty + "'");
        assertThat(Files.readString(onTty, StandardCharsets.UTF_8)).contains("\ranalyze: ").contains(" states");
        Path piped = dir.resolve("err.txt");
        sh("script -qfec 'sh " + script + " 2>" + piped + "' /dev/null > /dev/null");
        assertThat(Files.readString(piped, StandardCharsets.UTF_8)).doesNotContain("\r").doesNotContain(" states");
    }

    private static void sh(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(List.of("sh", "-c", command)).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(command).isTrue();
    }
}
