package org.gpusched.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every file of {@code examples/} through every command and output that accepts it: analyze in
 * each format and with each output file, compare, validate, verify and play on the simulated device
 * of its table, profile (and analyze of what it measured) and loop on the simulated device,
 * sensitivity, export to each format, diff of two reports and of the file with itself.
 *
 * <p>Each example has its row in {@link #EXPECTED}: the exit code of every command on it (0
 * schedulable or done, 1 not schedulable, 2 invalid input, usage or a method that does not apply, 3
 * inconclusive; "-" where the command is not run because an earlier one did not give what it needs).
 * Every run of a column must end with its code, so a command that starts refusing an example (2),
 * fails inside (70) or loses its verdict fails here. The list of examples is read from the folder,
 * so a new example without a row fails until its codes are written down.
 *
 * <p>A "*" cell is a code that is not pinned because today's is wrong: it only has to be one of 0
 * to 3. {@code diff} of a task set and {@code loop} analyse the steady state, where {@code analyze}
 * answers a set with offsets from power-on: on power-on.json diff and loop say schedulable where
 * analyze says not, and on offsets-alternation.json (no steady state) they refuse it. Writing
 * those codes down would make the table hold the disagreement as the contract.
 */
class ExampleMatrixTest {
    // Columns: analyze is every analyze run on the file (each --format, --table in JSON and CSV with
    // --gantt and --html, --graph); compare and validate each in every --format; verify (three
    // formats) and play (text, and JSON with --gantt) of its table, run when analyze gave one;
    // profile and loop on the simulated device, and analyze of what profile measured; sensitivity;
    // export to each format; diff of its JSON report with a copy, and of the file with itself.
    private static final String EXPECTED = """
            example                analyze compare validate verify play profile measured loop sensitivity mast mast2 sag diff-report diff-self
            contending-kinds       0       0       0        0      0    0       0        0    0           0    0     0   0           0
            copy-exec-video        1       0       0        -      -    0       1        1    1           0    0     0   1           1
            drone-plan             2       0       0        -      -    2       -        2    2           0    0     2   2           2
            drone-plan-truth       2       0       0        -      -    2       -        2    2           0    0     2   2           2
            drone-server           2       0       0        -      -    2       -        2    2           0    0     2   2           2
            drone-timepart         2       0       0        -      -    2       -        2    2           0    0     2   2           2
            gcaps-example-2        2       0       0        -      -    2       -        2    2           0    0     2   2           2
            jetson-orin-perception 0       0       0        0      0    0       0        0    0           0    0     0   0           0
            offsets-alternation    0       0       0        0      0    0       0        *    0           0    0     0   0           *
            online-edf-jitter      0       0       0        0      0    0       0        0    0           0    0     0   0           0
            optimistic             0       0       0        0      0    0       0        0    0           0    0     0   0           0
            optimistic-truth       0       0       0        0      0    0       0        0    0           0    0     0   0           0
            orin-camera-pipeline   0       0       0        0      0    0       0        0    0           0    0     0   0           0
            paper-example-2-1      0       0       0        0      0    0       0        0    0           0    0     0   0           0
            paper-fig1             0       0       0        0      0    0       0        0    0           0    0     0   0           0
            player-calibration     0       0       0        0      0    0       0        0    0           0    0     0   0           0
            power-on               1       0       0        -      -    0       1        *    1           0    0     0   1           *
            railway-timepart       2       0       0        -      -    2       -        2    2           0    0     2   2           2
            rtx4090-inference      0       0       0        0      0    0       0        0    0           0    0     0   0           0
            sm-partitioning-68     2       0       0        -      -    2       -        2    2           0    0     2   2           2
            workload-v2            2       0       0        -      -    2       -        2    2           0    0     2   2           2
            """;

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> everyExampleThroughEveryCommand() throws IOException {
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        assertThat(examples).hasSizeGreaterThan(10);
        Map<String, List<String>> rows = table();
        return examples.stream().map(e -> DynamicTest.dynamicTest(e.getFileName().toString(), () -> matrix(e, rows)));
    }

    /** The rows of {@link #EXPECTED} by example name; each row's cells in the header's order. */
    private static Map<String, List<String>> table() {
        List<String> lines = EXPECTED.lines().filter(l -> !l.isBlank()).toList();
        List<String> header = Arrays.asList(lines.get(0).trim().split("\\s+"));
        Map<String, List<String>> rows = new LinkedHashMap<>();
        rows.put("", header.subList(1, header.size()));
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = Arrays.asList(line.trim().split("\\s+"));
            assertThat(cells).as("row %s: one cell per column", cells.get(0)).hasSameSizeAs(header);
            assertThat(rows.put(cells.get(0), cells.subList(1, cells.size()))).as("row %s twice", cells.get(0)).isNull();
        }
        return rows;
    }

    private static void matrix(Path example, Map<String, List<String>> rows) throws IOException {
        String name = example.getFileName().toString().replace(".json", "");
        Path out = Files.createDirectories(dir.resolve(name));
        String f = example.toString();
        Runs runs = new Runs();
        String limit = "--time-limit=20s";
        for (String format : List.of("text", "json", "csv", "junit", "sarif")) {
            runs.run("analyze", "analyze", f, limit, "--no-timing", "--format", format);
            runs.run("compare", "compare", f, "--format", format);
            runs.run("validate", "validate", f, "--format", format);
        }
        Path table = out.resolve("table.json");
        CliRunner analyzed = runs.run("analyze", "analyze", f, limit, "--no-timing", "--table", table.toString(),
                "--gantt", out.resolve("timeline.svg").toString(), "--html", out.resolve("review.html").toString());
        runs.run("analyze", "analyze", f, limit, "--no-timing", "--table", out.resolve("table.csv").toString(),
                "--table-format", "csv", "--gantt", out.resolve("timeline.png").toString());
        runs.run("analyze", "analyze", f, limit, "--no-timing", "--graph", out.resolve("graph.dot").toString());
        if (analyzed.code() == 0) {
            assertThat(table).as("%s: schedulable and a table asked for", f).exists();
            for (String format : List.of("text", "json", "junit")) {
                runs.run("verify", "verify", table.toString(), "--taskset", f, "--runs", "5", "--format", format);
            }
            runs.run("play", "play", table.toString(), "--taskset", f, "--device", "sim");
            runs.run("play", "play", table.toString(), "--taskset", f, "--device", "sim", "--format", "json",
                    "--gantt", out.resolve("played.svg").toString());
        }
        Path measured = out.resolve("measured.json");
        CliRunner profiled = runs.run("profile", "profile", f, "--device", "sim", "--max-set-size", "2", "--runs", "2",
                "--warmup", "0", "--out", measured.toString());
        if (profiled.code() == 0) {
            runs.run("measured", "analyze", measured.toString(), "--time-limit=5s", "--quiet");
        }
        runs.run("loop", "loop", f, "--device", "sim", "--max-set-size", "2", "--runs", "2", "--warmup", "0",
                "--rounds", "2", "--time-limit=5s", "--out", out.resolve("looped.json").toString());
        runs.run("sensitivity", "sensitivity", f, limit, "--format", "json");
        for (String to : List.of("mast", "mast2", "sag")) {
            runs.run(to, "export", "--to", to, f, "-o", out.resolve("export." + to).toString());
        }
        CliRunner report = runs.run("analyze", "analyze", f, limit, "--no-timing", "--format", "json");
        if (report.out().startsWith("{")) {
            Path a = Files.writeString(out.resolve("report.json"), report.out());
            Path b = Files.writeString(out.resolve("report-again.json"), report.out());
            runs.run("diff-report", "diff", a.toString(), b.toString());
            runs.run("diff-report", "diff", a.toString(), b.toString(), "--format", "json");
        }
        runs.run("diff-self", "diff", f, f);

        List<String> columns = rows.get("");
        List<String> expected = rows.get(name);
        String actual = name + " " + String.join(" ", columns.stream().map(runs::cell).toList());
        assertThat(expected).as("no row for %s in EXPECTED; its codes today: %s", name, actual).isNotNull();
        List<String> problems = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            runs.check(columns.get(c), expected.get(c), problems);
        }
        assertThat(problems).as("%s: exit codes other than its row in EXPECTED (the row they make: %s)", f, actual)
                .isEmpty();
    }

    /** One example's runs, by column. */
    private static final class Runs {
        private final Map<String, List<Run>> byColumn = new LinkedHashMap<>();

        CliRunner run(String column, String... args) {
            CliRunner r = CliRunner.run(args);
            byColumn.computeIfAbsent(column, k -> new ArrayList<>()).add(new Run(List.of(args), r));
            return r;
        }

        /** The codes of a column's runs ("0", or "0/2" where they differ), "-" where none ran. */
        String cell(String column) {
            List<Run> rs = byColumn.getOrDefault(column, List.of());
            if (rs.isEmpty()) {
                return "-";
            }
            TreeSet<Integer> codes = new TreeSet<>();
            rs.forEach(r -> codes.add(r.result().code()));
            return String.join("/", codes.stream().map(String::valueOf).toList());
        }

        void check(String column, String expected, List<String> problems) {
            List<Run> rs = byColumn.getOrDefault(column, List.of());
            if (expected.equals("*")) {
                rs.stream().filter(r -> r.result().code() < 0 || r.result().code() > 3).forEach(r -> problems.add(
                        "gpusched " + String.join(" ", r.args()) + " -> exit " + r.result().code()
                                + " where any documented code (0 to 3) is expected: " + r.result().err().strip()));
                return;
            }
            if (expected.equals("-")) {
                if (!rs.isEmpty()) {
                    problems.add(column + ": ran (exit " + cell(column) + ") where the row says it is not run");
                }
                return;
            }
            if (rs.isEmpty()) {
                problems.add(column + ": not run where the row expects exit " + expected);
            }
            for (Run r : rs) {
                if (!String.valueOf(r.result().code()).equals(expected)) {
                    problems.add("gpusched " + String.join(" ", r.args()) + " -> exit " + r.result().code()
                            + " where " + expected + " is expected: " + r.result().err().strip());
                }
            }
        }
    }

    private record Run(List<String> args, CliRunner result) {
    }
}
