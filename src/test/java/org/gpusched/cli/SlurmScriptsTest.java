package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code experiment NAME --slurm FILE}; the script on a real Slurm is src/test/sh/slurm-sweep.sh (.ci/run). */
class SlurmScriptsTest {
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), args);
    }

    @Test
    void theScriptRunsEachShardWithTheOptionsGivenAndMergesThemIntoOut(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("fig4.sbatch");
        Path out = dir.resolve("results");
        assertThat(run("experiment", "schedulability", "--sets", "3", "--utilizations", "0.6,1.0",
                "--scenarios", "large", "--seed", "7", "--threads", "2", "--quiet",
                "--slurm", file.toString(), "--slurm-shards", "5", "--out", out.toString())).isZero();
        String s = Files.readString(file);
        assertThat(s).startsWith("#!/bin/bash\n")
                .contains("#SBATCH --cpus-per-task=2\n", "shards=5\n", "out=" + out.toAbsolutePath() + "\n")
                .contains("sbatch --parsable --array=1-$shards \"$0\" shard")
                .contains("sbatch --parsable --dependency=afterok:$array \"$0\" merge")
                .contains("org.gpusched.cli.Main \"$@\"")
                .contains("gpusched experiment merge \"$out.shards\"/*/schedulability-shard-*-of-$shards.csv --out \"$out\"\n");
        String shard = s.lines().filter(l -> l.startsWith("        gpusched experiment schedulability")).findFirst().orElseThrow();
        assertThat(shard.trim()).isEqualTo("gpusched experiment schedulability --sets 3 --utilizations 0.6,1.0"
                + " --scenarios large --seed 7 --threads \"${SLURM_CPUS_PER_TASK:-2}\" --shard \"$k/$shards\""
                + " --out \"$out.shards/$k\" --quiet");
        // Nothing ran: no run folder.
        assertThat(out).doesNotExist();
    }

    @Test
    void wordsTheShellWouldSplitAreQuoted(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("s.sbatch");
        assertThat(run("experiment", "runtime", "--tasks-range", "3,4", "--utilizations", "0.5", "--sets", "1",
                "--slurm", file.toString(), "--out", dir.resolve("it's here").toString())).isZero();
        String s = Files.readString(file);
        assertThat(s).contains("out='" + dir.toAbsolutePath().resolve("it'\\''s here") + "'\n")
                .contains("shards=8\n")
                .contains("--tasks-range 3,4 --utilizations 0.5 --sets 1 --threads");
    }

    @Test
    void aShardOrATimeLimitBesideSlurmIsAUsageError(@TempDir Path dir) {
        Path file = dir.resolve("s.sbatch");
        assertThat(run("experiment", "schedulability", "--shard", "2/4", "--slurm", file.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--slurm-shards");
        assertThat(run("experiment", "schedulability", "--time-limit", "1m", "--slurm", file.toString())).isEqualTo(2);
        assertThat(run("experiment", "schedulability", "--slurm-shards", "0", "--slurm", file.toString())).isEqualTo(2);
        assertThat(file).doesNotExist();
    }

    @Test
    void aFileTheUserHasIsNotOverwritten(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mine.sh");
        Files.writeString(file, "echo mine\n");
        assertThat(run("experiment", "schedulability", "--slurm", file.toString(), "--out", dir.resolve("r").toString()))
                .isEqualTo(2);
        assertThat(Files.readString(file)).isEqualTo("echo mine\n");
    }
}
