package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code experiment merge} refuses a bad shard file with one line that names that file once, first,
 * whichever of the files it is (the first, a later one, or a later one's sidecar), and exit 2.
 */
class ExperimentMergeErrorsTest {
    @TempDir
    static Path dir;
    static String first;
    static Path second;

    @BeforeAll
    static void shards() {
        for (String k : List.of("1", "2")) {
            CliRunner r = CliRunner.run("experiment", "schedulability", "--utilizations", "0.6", "--sets", "2",
                    "--shard", k + "/2", "--out", dir.resolve("s" + k).toString());
            assertThat(r.code()).as(r.err()).isZero();
        }
        first = dir.resolve("s1/schedulability-shard-1-of-2.csv").toString();
        second = dir.resolve("s2/schedulability-shard-2-of-2.csv");
    }

    private static void refused(String line, String... files) {
        List<String> args = new java.util.ArrayList<>(List.of("experiment", "merge"));
        args.addAll(List.of(files));
        args.addAll(List.of("--out", dir.resolve("merged").toString()));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip()).isEqualTo(line);
        assertThat(dir.resolve("merged")).doesNotExist();
    }

    /** A copy of the second shard under {@code name}, its CSV changed by {@code edit}, its sidecar by {@code meta}. */
    private static String copy(String name, String csvFrom, String csvTo, String metaFrom, String metaTo)
            throws IOException {
        Path csv = Files.writeString(dir.resolve(name + ".csv"), Files.readString(second).replace(csvFrom, csvTo));
        Path sidecar = second.resolveSibling("schedulability-shard-2-of-2.meta.json");
        Files.writeString(dir.resolve(name + ".meta.json"), Files.readString(sidecar).replace(metaFrom, metaTo));
        return csv.toString();
    }

    @Test
    void theFirstFileGivenTwiceIsNamedOnce() {
        refused(first + ": shard 1/2 repeats or does not fit the others", first, first);
    }

    @Test
    void aBadLaterFileIsNamedFirst() throws IOException {
        String params = copy("params", "", "", "\"seed\" : \"1\"", "\"seed\" : \"2\"");
        refused(params + ": another experiment or other parameters than " + first, first, params);
        String shard = copy("shard", "", "", "\"2/2\"", "\"3/2\"");
        refused(shard + ": shard must be k/n with 1 <= k <= n, got 3/2", first, shard);
        String sidecar = copy("sidecar", "", "", "gpusched-experiment", "other");
        refused(dir.resolve("sidecar.meta.json") + ": not a gpusched experiment sidecar", first, sidecar);
    }

    @Test
    void aRowWhoseUnitIsNoNumberIsRefusedAtItsLine() throws IOException {
        // Negative units were an internal error (exit 70), others blamed the first file.
        String row2 = Files.readAllLines(second).get(1);
        String unit = row2.substring(0, row2.indexOf(','));
        for (String bad : List.of("-1", "x", "")) {
            String f = copy("unit" + bad, row2, bad + row2.substring(unit.length()), "", "");
            refused(f + ":2:1: not a unit number: '" + bad + "'", first, f);
        }
    }
}
