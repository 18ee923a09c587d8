package org.gpusched.player;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The device script's own logic without a GPU: src/test/sh/device-run.sh run with a stand-in
 * {@code java} that answers device-info, loop and play with made-up reports (each play: 4 frames
 * per hyperperiod, one frame over its model per 100 hyperperiods, times in ns). The soak must sum
 * its chunks until it has the frames asked for, convert the report's ns to us, and write its row;
 * an example with no proven table is a failure with its reason, never a silent gap (exit 1).
 */
class DeviceRunScriptTest {
    private static final String STAND_IN = """
            #!/usr/bin/env bash
            shift 2
            cmd=$1; shift
            case $cmd in
              device-info) echo "name: Stand In GPU";;
              loop) [ -f "$1" ] || exit 2
                    while [ $# -gt 0 ]; do case $1 in --out) out=$2; shift;; --table) table=$2; shift;; esac; shift; done
                    echo '{}' > "$out"; echo '{}' > "$table";;
              play) hp=1; while [ $# -gt 0 ]; do case $1 in --hyperperiods) hp=$2; shift;; esac; shift; done
                    echo '{'; echo ' "timeUnit": "ns",'; echo ' "summary": {'; echo '  "misses": 0'; echo ' },'
                    echo ' "frames": {'; echo "  \\"frames\\": $((hp * 4)),"; echo "  \\"overrunFrames\\": $((hp / 100)),"
                    echo "  \\"worstOverrun\\": $((1000 * hp)),"; echo '  "maxStartSkew": 26000'; echo ' }'; echo '}';;
            esac
            """;

    @Test
    void theSoakSumsItsChunksAndAMissingTableIsAFailureWithItsReason(@TempDir Path dir) throws Exception {
        Path java = dir.resolve("java");
        Files.writeString(java, STAND_IN, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        Path out = dir.resolve("out");
        // A jar that exists, so that the script does not build one.
        Path jar = Files.createFile(dir.resolve("stand-in.jar"));
        ProcessBuilder pb = new ProcessBuilder("bash", "src/test/sh/device-run.sh").redirectErrorStream(true)
                .redirectOutput(dir.resolve("log").toFile());
        pb.environment().putAll(Map.of("OUT", out.toString(), "JAVA", java.toString(), "JAR", jar.toString(),
                "STEPS", "tables soak", "EXAMPLES", "player-calibration no-such-example", "SOAK_FRAMES", "5000",
                "SOAK_S", "60", "STEP_S", "20"));
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String log = Files.readString(dir.resolve("log"));
        assertThat(p.exitValue()).as(log).isEqualTo(1);

        List<String> soak = Files.readAllLines(out.resolve("soak-stand-in-gpu.csv"));
        assertThat(soak.get(0)).isEqualTo("example,frames,misses,over_model,worst_overrun_us,worst_wakeup_us");
        assertThat(soak).hasSize(2);
        String[] row = soak.get(1).split(",");
        assertThat(row[0]).isEqualTo("player-calibration");
        // The first chunk is 300 hyperperiods (1,200 frames); later ones are larger, and the soak stops once 5,000 are in.
        int frames = Integer.parseInt(row[1]);
        assertThat(frames).isGreaterThanOrEqualTo(5000).isLessThanOrEqualTo(1200 + 20000);
        assertThat(row[2]).isEqualTo("0");
        assertThat(Integer.parseInt(row[3])).isPositive();
        // The stand-in's worst overrun is 1,000 ns per hyperperiod of its longest chunk (300 or more, and at
        // most all of them): in us, the chunk's hyperperiods. Its wake-up is 26,000 ns.
        assertThat(Integer.parseInt(row[4])).isBetween(300, frames / 4);
        assertThat(row[5]).isEqualTo("26");

        String summary = Files.readString(out.resolve("device-run-stand-in-gpu.md"));
        assertThat(summary).contains("| soak player-calibration | `play ... --hyperperiods N` in chunks, " + frames + " frames | 0 |");
        assertThat(summary).contains("| soak no-such-example | not run: no table proven by loop");
        assertThat(log).contains("soak no-such-example did not run");
    }
}
