package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code experiment merge} refuses a bad shard file with one line that names that file once, first,
 * whichever of the files it is (the first, a later one, or a later one's sidecar), and exit 2; a bad
 * cell at its line and column, before anything is written.
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

    @Test
    void aBadCellOfALaterShardIsRefusedAtItsLineAndColumn() throws IOException {
        // Such cells were merged as they were (exit 0), or refused after the merge had written its folder
        // with a line that named the first file and neither line nor column.
        List<String> rows = Files.readAllLines(second);
        assertThat(rows.get(1)).startsWith("1,small,0.60,5,1,");
        assertThat(rows.get(2)).startsWith("3,large,0.60,5,1,");
        badCell(rows, 3, 1, "larg", "scenario: expected 'large' (unit 3)");
        badCell(rows, 2, 2, "0.6x", "utilization: expected '0.60' (unit 1)");
        badCell(rows, 2, 2, "0.80", "utilization: expected '0.60' (unit 1)");
        badCell(rows, 2, 9, "-5", "vertices: expected a whole number >= 0");
        badCell(rows, 3, 10, "zz", "jobs: expected a whole number >= 0");
        badCell(rows, 3, 8, "abc", "timeMs: expected a number >= 0");
        badCell(rows, 2, 5, "maybe", "gpusched: expected one of yes, no, inconclusive");
        badCell(rows, 3, 6, "inconclusive", "edfSerial: expected one of yes, no");
        String other = copy("unit0", rows.get(1), "0" + rows.get(1).substring(1), "", "");
        refused(other + ":2:1: unit 0 is not one of shard 2/2 of 6 units", first, other);
    }

    @Test
    void aRowTwiceOrMissingIsRefusedInItsFile() throws IOException {
        // Both were refused only after the merge had written, naming the first file.
        List<String> rows = Files.readAllLines(second);
        String twice = copy("twice", rows.get(2), rows.get(2) + "\n" + rows.get(2), "", "");
        refused(twice + ":4:1: unit 3 again: each unit has 1 raw row", first, twice);
        String missing = copy("missing", rows.get(2) + "\n", "", "", "");
        refused(missing + ": unit 3 has 0 of its 1 raw row", first, missing);
    }

    /** Refused: the second shard with cell {@code k} of its line {@code line} set to {@code value}. */
    private static void badCell(List<String> rows, int line, int k, String value, String expected)
            throws IOException {
        String[] cells = rows.get(line - 1).split(",", -1);
        int column = String.join(",", Arrays.copyOf(cells, k)).length() + 2;
        cells[k] = value;
        String f = copy("cell-" + line + "-" + k, rows.get(line - 1), String.join(",", cells), "", "");
        refused(f + ":" + line + ":" + column + ": " + expected + ", got '" + value + "'", first, f);
    }

    @Test
    void cellsThatDoNotFitTheirRowAreRefusedAtTheirCell() throws IOException {
        // Fewer slowdowns than members was an internal error (exit 70) after the merge had written.
        String[] draw = {"--draw", "5", "--seed", "2"};
        Path interference = shard("interference", 2, draw);
        String[] c = Files.readAllLines(interference).get(1).split(",", -1);
        assertThat(c[1].split("\\+")).hasSize(4);
        String one = c[3].substring(0, c[3].indexOf(' '));
        refused(interference + ":2:" + setCell(interference, 2, 3, one) + ": slowdowns: expected 4 numbers, one per "
                + "member of the set, got '" + one + "'", shard("interference", 1, draw).toString(),
                interference.toString());
        // A heuristic that scheduled the set but has no workload was refused after the merge had written,
        // naming the first file.
        String[] sets = {"--tasks", "5", "--utilizations", "2", "--sets", "2"};
        Path partitioning = shard("partitioning", 2, sets);
        List<String> lines = Files.readAllLines(partitioning);
        assertThat(lines.get(1).split(",", -1)[6]).isEqualTo("yes");
        String workload = lines.get(0).split(",")[7];
        assertThat(workload).endsWith("-workload");
        refused(partitioning + ":2:" + setCell(partitioning, 2, 7, "") + ": " + workload
                + ": expected a value (ok is yes), got ''", shard("partitioning", 1, sets).toString(),
                partitioning.toString());
    }

    /** Sets cell {@code k} of line {@code line} of {@code csv} to {@code value}; returns the cell's column. */
    private static int setCell(Path csv, int line, int k, String value) throws IOException {
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(csv));
        String[] cells = lines.get(line - 1).split(",", -1);
        int column = String.join(",", Arrays.copyOf(cells, k)).length() + 2;
        cells[k] = value;
        lines.set(line - 1, String.join(",", cells));
        Files.write(csv, lines);
        return column;
    }

    /** The raw CSV of shard {@code k} of 2 of an experiment run with {@code options} (once). */
    private static Path shard(String kind, int k, String... options) {
        Path out = dir.resolve(kind + k);
        if (!Files.exists(out)) {
            List<String> args = new java.util.ArrayList<>(List.of("experiment", kind, "--shard", k + "/2", "--out",
                    out.toString()));
            args.addAll(List.of(options));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isZero();
        }
        return out.resolve(kind + "-shard-" + k + "-of-2.csv");
    }
}
