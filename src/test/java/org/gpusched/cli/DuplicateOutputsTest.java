package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two outputs of one run naming the same file (any spelling) are refused before anything runs,
 * with exit 2 and one line, whatever the command and the pair of options: the check lives in
 * {@code Outputs}, which every command that writes files goes through.
 */
class DuplicateOutputsTest {
    @TempDir
    Path dir;

    private void refused(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of(args));
        CliRunner r = CliRunner.run(a.toArray(String[]::new));
        assertThat(r.code()).as(String.join(" ", args) + "\n" + r.out() + r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains("two outputs of this run are the same file");
        try (var files = Files.list(dir)) {
            assertThat(files.toList()).as("nothing written").isEmpty();
        }
    }

    @Test
    void analyzeRefusesTheHtmlPageOnTheTableTheChartOrThePlan() throws Exception {
        String same = dir.resolve("out.svg").toString();
        String other = dir.resolve("sub/../out.svg").toString();
        refused("analyze", "examples/paper-fig1.json", "--html", same, "--table", other);
        refused("analyze", "examples/paper-fig1.json", "--html", same, "--gantt", same);
        refused("analyze", "examples/paper-fig1.json", "--table", same, "--gantt", other);
        refused("analyze", "--method", "sm-partition-sms-ina", PartitionCliTest.EX, "--plan", same, "--html", same);
    }

    @Test
    void optimizeAndLoopRefuseOneFileForTwoOutputs() throws Exception {
        String same = dir.resolve("plan.json").toString();
        refused("optimize", "--plan", "examples/drone-plan.json", "--trace", same, "-o", same);
        refused("loop", "--plan", "examples/drone-plan.json", "--device", "sim", "--sim-timing",
                "examples/drone-plan-truth.json", "--out", same, "--report", same);
    }

    @Test
    void aLinkToAnOutputIsTheSameFile() throws Exception {
        Path real = dir.resolve("real");
        Files.createDirectory(real);
        Files.createSymbolicLink(dir.resolve("link"), real);
        CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--table",
                real.resolve("t.json").toString(), "--html", dir.resolve("link/t.json").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("two outputs of this run are the same file");
        assertThat(Files.exists(real.resolve("t.json"))).isFalse();
    }

    @Test
    void aLinkToAFileNotWrittenYetIsTheSameFileAsThatFile() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("l.json"), Path.of("a.json"));
        Files.createSymbolicLink(dir.resolve("l2.json"), link.getFileName());
        for (String graph : List.of("l.json", "l2.json")) {
            CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json",
                    "--table", dir.resolve("a.json").toString(), "--graph", dir.resolve(graph).toString());
            assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
            assertThat(r.err().strip()).isEqualTo(dir.resolve(graph) + ": two outputs of this run are the same file");
        }
        Path table = dir.resolve("sub/t.json");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--table", table.toString()).code()).isZero();
        Path html = Files.createSymbolicLink(dir.resolve("g.html"), Path.of("g.svg"));
        CliRunner play = CliRunner.run("play", table.toString(), "--taskset", "examples/paper-fig1.json", "--device",
                "sim", "--gantt", dir.resolve("g.svg").toString(), "--html", html.toString());
        assertThat(play.code()).as(play.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(play.err().strip()).isEqualTo(html + ": two outputs of this run are the same file");
        // The user's links are still links, and neither output was written.
        assertThat(Files.isSymbolicLink(link) && Files.isSymbolicLink(html)).isTrue();
        assertThat(dir.resolve("a.json")).doesNotExist();
        assertThat(dir.resolve("g.svg")).doesNotExist();
    }

    @Test
    void distinctOutputsStillWork() throws Exception {
        CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--html", dir.resolve("a.html").toString(),
                "--table", dir.resolve("t.json").toString(), "--gantt", dir.resolve("g.svg").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(dir.resolve("a.html")).exists();
        assertThat(dir.resolve("t.json")).exists();
        assertThat(dir.resolve("g.svg")).exists();
    }
}
