package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The output rules as the commands apply them, and no exit 70 for any bad path (a bad path is usage, exit 2). */
class OutputSafetyTest {
    private static final String FIG1 = "examples/paper-fig1.json";

    @Test
    void the_readme_ci_line_works_where_build_does_not_exist(@TempDir Path dir) throws IOException {
        Path ts = Files.copy(Path.of(FIG1), dir.resolve("taskset.json"));
        Path table = dir.resolve("build/table.json");
        String[] line = {"analyze", ts.toString(), "--time-limit", "60s", "--table", table.toString()};
        assertThat(CliRunner.run(line).code()).isZero();
        assertThat(Files.readString(table)).contains("\"format\"");
        assertThat(CliRunner.run(line).code()).as("a re-run replaces its own table").isZero();
    }

    @Test
    void analyze_refuses_to_overwrite_its_input_and_says_so_before_analysing(@TempDir Path dir) throws IOException {
        Path ts = Files.copy(Path.of(FIG1), dir.resolve("taskset.json"));
        String before = Files.readString(ts);
        CliRunner r = CliRunner.run("analyze", ts.toString(), "--table", ts.toString(), "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo(ts + ": is an input of this run; gpusched never overwrites its inputs\n");
        assertThat(Files.readString(ts)).isEqualTo(before);
    }

    @Test
    void table_and_graph_on_one_path_is_a_usage_error(@TempDir Path dir) {
        String out = dir.resolve("x.json").toString();
        assertThat(CliRunner.run("analyze", FIG1, "--table", out, "--graph", out).code()).isEqualTo(2);
    }

    @Test
    void a_table_named_like_the_record_beside_it_is_refused_and_the_record_kept(@TempDir Path dir) throws IOException {
        // Written under the record's name, the table was then rewritten as the record: exit 0, table lost.
        Path first = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", FIG1, "--table", first.toString()).code()).isZero();
        Path record = dir.resolve(".gpusched-outputs");
        String before = Files.readString(record);
        CliRunner r = CliRunner.run("analyze", FIG1, "--table", record.toString(), "--force");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).isEqualTo(record + ": is the name of a file gpusched keeps beside its outputs;"
                + " choose another name\n");
        assertThat(Files.readString(record)).isEqualTo(before);
        assertThat(CliRunner.run("analyze", FIG1, "--table", first.toString()).code()).as("t.json is still ours")
                .isZero();
    }

    @Test
    void a_full_stdout_exits_2_with_one_line() {
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        StringWriter err = new StringWriter();
        int code = CheckedStdout.run(full, new PrintWriter(err), "analyze", FIG1, "--table", "-");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).endsWith("gpusched: cannot write to standard output: No space left on device"
                + System.lineSeparator());
    }

    @Test
    void an_experiment_refuses_a_folder_of_other_files_and_runs_again_into_its_own(@TempDir Path dir)
            throws IOException {
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.writeString(other.resolve("thesis.tex"), "");
        String[] sweep = {"experiment", "schedulability", "--sets", "1", "--utilizations", "0.4", "--scenarios",
                "small", "--tasks", "2", "--out"};
        CliRunner r = CliRunner.run(with(sweep, other.toString()));
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith(other + ": is not empty and holds no gpusched run");
        Path mine = dir.resolve("mine");
        assertThat(CliRunner.run(with(sweep, mine.toString())).code()).isZero();
        assertThat(CliRunner.run(with(sweep, mine.toString())).code()).isZero();
        assertThat(Files.readString(mine.resolve("gpusched-run.json"))).contains("\"status\" : \"complete\"");
        CliRunner g = CliRunner.run("experiment", "graph-size", "--sets", "1", "--tasks", "2", "--out", mine.toString());
        assertThat(g.code()).isEqualTo(2);
        assertThat(g.err()).contains("holds a gpusched 'experiment schedulability' run");
    }

    @Test
    void generate_keeps_foreign_files_and_rewrites_its_own(@TempDir Path dir) throws IOException {
        String[] gen = {"generate", "-u", "0.5", "-n", "2", "--count", "2", "--out", dir.toString()};
        assertThat(CliRunner.run(gen).code()).isZero();
        assertThat(CliRunner.run(gen).code()).isZero();
        Path first;
        try (var s = Files.list(dir)) {
            first = s.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().startsWith("."))
                    .sorted().findFirst().orElseThrow();
        }
        Files.writeString(first, "hand-made");
        assertThat(CliRunner.run(gen).code()).isEqualTo(2);
        assertThat(Files.readString(first)).isEqualTo("hand-made");
        assertThat(CliRunner.run(with(gen, "--force")).code()).isZero();
    }

    /** Every command that reads or writes a path, with every kind of bad path: exit 2, one line, never 70. */
    @Test
    void no_bad_path_is_an_internal_error(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plain.txt"), "not a folder");
        Path foreign = Files.writeString(dir.resolve("foreign.json"), "user data");
        Path table = dir.resolve("t.json");
        assertThat(CliRunner.run("analyze", FIG1, "--table", table.toString()).code()).isZero();
        List<String> badOut = List.of(dir.toString(), file.resolve("x.json").toString(), "/proc/gpusched-no/x.json",
                "/dev/full", foreign.toString(), FIG1);
        List<String> badIn = List.of(dir.toString(), dir.resolve("missing.json").toString(), file.toString(),
                "/proc/gpusched-no/x.json");
        List<String[]> runs = new ArrayList<>();
        for (String o : badOut) {
            runs.add(new String[] {"analyze", FIG1, "--table", o});
            runs.add(new String[] {"analyze", FIG1, "--table", o, "--table-format", "csv"});
            runs.add(new String[] {"analyze", FIG1, "--graph", o});
            if (!o.equals(dir.toString())) { // a folder is what generate --out wants
                runs.add(new String[] {"generate", "-u", "0.5", "-n", "2", "--out", o});
            }
            runs.add(new String[] {"experiment", "schedulability", "--sets", "1", "--utilizations", "0.4",
                    "--scenarios", "small", "--tasks", "2", "--out", o});
            runs.add(new String[] {"experiment", "runtime", "--sets", "1", "--utilizations", "0.4",
                    "--tasks-range", "2..2", "--fixed-utilization", "0.4", "--out", o});
            runs.add(new String[] {"experiment", "graph-size", "--sets", "1", "--tasks", "2", "--out", o});
        }
        for (String i : badIn) {
            runs.add(new String[] {"validate", i});
            runs.add(new String[] {"analyze", i});
            runs.add(new String[] {"compare", i});
            runs.add(new String[] {"oracle", i, "--batch", "a"});
            runs.add(new String[] {"play", i, "--taskset", FIG1, "--device", "sim"});
            runs.add(new String[] {"play", table.toString(), "--taskset", i, "--device", "sim"});
            runs.add(new String[] {"verify", i, "--taskset", FIG1, "--runs", "1"});
            runs.add(new String[] {"verify", table.toString(), "--taskset", i, "--runs", "1"});
            runs.add(new String[] {"experiment", "merge", i, "--out", dir.resolve("merged").toString()});
        }
        List<String> wrong = new ArrayList<>();
        for (String[] args : runs) {
            CliRunner r = CliRunner.run(args);
            if (r.code() != 2 || r.err().isBlank() || r.err().contains("internal error") || r.err().contains("\tat ")) {
                wrong.add(String.join(" ", args) + " -> " + r.code() + ": " + r.err().strip());
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(Files.readString(foreign)).isEqualTo("user data");
    }

    private static String[] with(String[] base, String... more) {
        List<String> l = new ArrayList<>(List.of(base));
        l.addAll(List.of(more));
        return l.toArray(String[]::new);
    }
}
