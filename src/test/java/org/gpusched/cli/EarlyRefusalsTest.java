package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What a run folder would refuse at the run's end is refused before any work: one line, exit 2. */
class EarlyRefusalsTest {
    private static final String FIG1 = "examples/paper-fig1.json";

    @TempDir
    Path dir;

    private static void oneLine(CliRunner r, String words) {
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(words);
    }

    @Test
    void qualifyRefusesAnInputAtOneOfItsReportsBeforeItRuns() throws Exception {
        Path out = dir.resolve("q");
        Files.createDirectories(out);
        Path like = out.resolve("qualify.json");
        Files.copy(Path.of(FIG1), like);
        byte[] before = Files.readAllBytes(like);
        CliRunner r = CliRunner.run("qualify", "--like", like.toString(), "--out", out.toString(), "--force",
                "--sets", "1", "--no-timing");
        // One line and nothing else: no phase of the qualification ran.
        oneLine(r, like + ": is an input of this run; gpusched never overwrites its inputs");
        assertThat(r.out()).isEmpty();
        assertThat(Files.readAllBytes(like)).isEqualTo(before);
        assertThat(out.resolve("qualify.html")).doesNotExist();
    }

    @Test
    void aSlurmScriptInsideTheRunFolderIsRefusedBeforeItIsWritten() {
        Path out = dir.resolve("fig4");
        for (Path script : new Path[] {out.resolve("x.sh"), out.resolve("sub/../x.sh")}) {
            CliRunner r = CliRunner.run("experiment", "schedulability", "--sets", "1", "--slurm", script.toString(),
                    "--out", out.toString());
            oneLine(r, script + ": is inside --out " + out);
            assertThat(out).doesNotExist();
        }
        CliRunner beside = CliRunner.run("experiment", "schedulability", "--sets", "1", "--slurm",
                dir.resolve("fig4.sh").toString(), "--out", out.toString());
        assertThat(beside.code()).as(beside.err()).isEqualTo(ExitCodes.OK);
    }
}
