package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "-" as an output is standard output wherever the output is one stream (the report then goes to stderr),
 * and one line, exit 2, where it cannot be: a folder, a command whose files are named after it, or a second
 * output on standard output in the same run. Never a file named "-" in the current folder.
 */
class DashOutputsTest {
    private static final Path DASH = Path.of("-");
    private static final String FIG1 = "examples/paper-fig1.json";

    @TempDir
    Path dir;

    @BeforeEach
    void noDashFileYet() {
        assertThat(DASH).as("a file named - in the working folder before the test").doesNotExist();
    }

    /**
     * What a run that took "-" for a name leaves here (a file, a folder, the files named after it, their locks)
     * is removed, so that one failure does not fail the tests after it, and fails this one.
     */
    @AfterEach
    void noDashFileLeft() throws Exception {
        List<Path> made;
        try (Stream<Path> here = Files.list(Path.of("."))) {
            made = here.filter(p -> p.getFileName().toString().startsWith("-")
                    || p.getFileName().toString().startsWith(".-")).toList();
        }
        for (Path p : made) {
            try (Stream<Path> all = Files.walk(p)) {
                for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        assertThat(made).as("files named after - written in the working folder").isEmpty();
    }

    private static CliRunner ok(String... args) {
        CliRunner r = CliRunner.run(args);
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(ExitCodes.OK);
        return r;
    }

    private static void refused(String words, String... args) {
        CliRunner r = CliRunner.run(args);
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(words);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void theGraphAndTheReviewPagesGoToStandardOutputAndTheReportToStandardError() throws Exception {
        CliRunner graph = ok("analyze", FIG1, "--graph", "-");
        assertThat(graph.out()).contains("digraph");
        assertThat(graph.err()).contains("schedulable");
        Path table = dir.resolve("t.json");
        ok("analyze", FIG1, "--table", table.toString());
        for (List<String> args : List.of(List.of("analyze", FIG1), List.of("compare", FIG1),
                List.of("sensitivity", FIG1, "--time-limit", "10s"),
                List.of("play", table.toString(), "--taskset", FIG1, "--device", "sim"),
                List.of("verify", table.toString(), "--taskset", FIG1, "--runs", "2"))) {
            CliRunner r = ok(concat(args, "--html", "-"));
            assertThat(r.out().strip()).as(args.toString()).startsWithIgnoringCase("<!doctype html>")
                    .endsWith("</html>");
            assertThat(r.err()).as("the report, on stderr: " + args).isNotBlank();
        }
    }

    @Test
    void theOptimisedWorkloadAndTheTraceShareStandardOutputWithNothingElse() throws Exception {
        CliRunner trace = ok("optimize", "--plan", "examples/drone-plan.json", "--trace", "-", "-o",
                dir.resolve("o.json").toString());
        assertThat(trace.out()).isNotBlank();
        assertThat(trace.err()).contains("written");
        assertThat(dir.resolve("o.json")).exists();
        refused("two outputs of this run would both go to standard output",
                "optimize", "--plan", "examples/drone-plan.json", "--trace", "-", "-o", "-");
    }

    @Test
    void twoOutputsOnStandardOutputAreRefusedBeforeTheAnalysis() {
        refused("two outputs of this run would both go to standard output",
                "analyze", FIG1, "--table", "-", "--graph", "-");
        refused("two outputs of this run would both go to standard output",
                "analyze", FIG1, "--graph", "-", "--html", "-");
    }

    @Test
    void aFolderIsNeverStandardOutput() {
        refused("standard output cannot be a folder", "qualify", "--out", "-", "--sets", "1");
        refused("standard output cannot be a folder", "experiment", "schedulability", "--sets", "1", "--out", "-");
        refused("standard output cannot be a folder", "generate", "--utilization", "1", "--out", "-");
        refused("standard output cannot be a folder", "experiment", "schedulability", "--sets", "1",
                "--slurm", dir.resolve("x.sh").toString(), "--out", "-");
        assertThat(dir.resolve("x.sh")).doesNotExist();
    }

    @Test
    void outputsNamedAfterTheWorkloadOrTheScriptAreRefusedOnStandardOutput() {
        refused("standard output cannot take this output", "profile", FIG1, "--device", "sim", "--out", "-");
        refused("standard output cannot take this output", "loop", FIG1, "--device", "sim", "--out", "-");
        refused("standard output cannot take this output", "experiment", "schedulability", "--sets", "1",
                "--slurm", "-", "--out", dir.resolve("r").toString());
    }

    private static String[] concat(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
