package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Online EDF with release jitter checks every arrival and keeps no one schedule: {@code analyze
 * --table} says so on stderr and writes no file, rather than an empty table that {@code play} and
 * {@code verify} then refuse as "not a valid schedule" (job never runs).
 */
class OnlineEdfTableCliTest {
    @Test
    void aSchedulableOnlineEdfRunWritesNoEmptyTable(@TempDir Path dir) throws Exception {
        Path set = dir.resolve("j.json");
        Files.writeString(set, "{\"name\": \"j\", \"tasks\": [{\"name\": \"a\", \"period\": 4, \"wcet\": 1, \"jitter\": 1}]}");
        Path power = dir.resolve("p.json");
        Files.writeString(power, "{\"name\": \"p\", \"tasks\": [{\"name\": \"a\", \"period\": 4, \"wcet\": 1,"
                + " \"jitter\": 1, \"offset\": 3}]}");
        for (Path f : new Path[] {set, power}) {
            for (String m : new String[] {"edf-serial", "edf-parallel"}) {
                Path table = dir.resolve(f.getFileName() + "." + m + ".table.json");
                CliRunner r = CliRunner.run("analyze", f.toString(), "--method", m, "--table", table.toString());
                assertThat(r.code()).as(r.err()).isZero();
                assertThat(r.out()).contains("online EDF has no table");
                assertThat(r.err()).contains(table + ": no table written (every arrival in [a, a + J] checked");
                assertThat(table).doesNotExist();
            }
        }
        // the time-triggered rule simulates one schedule: its table is written and plays
        Path table = dir.resolve("tt.json");
        assertThat(CliRunner.run("analyze", set.toString(), "--method", "edf-serial-tt", "--table", table.toString())
                .code()).isZero();
        assertThat(CliRunner.run("play", table.toString(), "--taskset", set.toString(), "--device", "sim").code())
                .isZero();
    }
}
