package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every one-line gpusched example in README.md, docs/*.md and every --help footer runs, so the
 * documentation cannot drift from the program. File names of the examples (ts.json, table.json, results/ …) are mapped onto a fixture
 * in a temporary folder; a pipe into `gpusched play -` feeds the first command's stdout; what
 * follows `>` or a pipe into another tool is dropped. The long sweeps (`experiment`, `bench`) are
 * only parsed, not run: their full runs take minutes to hours. An example may answer 0, 1 or 3;
 * never 2 (it would be a wrong example; except `--device cuda` on a machine without a usable GPU,
 * its documented answer) or 70.
 */
class DocExamplesTest {
    private static final Pattern LINE = Pattern.compile(
            "^(?:\\$ |\\./)?(?:gpusched|java -jar target/gpusched\\.jar) ([a-z].*)$");

    static Set<String> examples() throws Exception {
        Set<String> out = new LinkedHashSet<>();
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        for (Path d : docs) {
            boolean code = false;
            for (String line : Files.readAllLines(d)) {
                if (line.startsWith("```")) {
                    code = !code;
                    continue;
                }
                // Only examples at the start of a line: an indented one is part of a script (YAML, sbatch).
                String l = line.replaceAll("\\s+#.*$", "").replace(" || exit $?", "").stripTrailing();
                Matcher m = LINE.matcher(l);
                if (code && m.matches() && !l.contains("$SLURM") && !l.endsWith("\\") && !l.startsWith("gpusched COMMAND")
                        && !l.contains("COMMAND")) {
                    out.add(m.group(1));
                }
            }
        }
        collectFooters(Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())), out);
        return out;
    }

    private static void collectFooters(CommandLine cl, Set<String> out) {
        for (String f : cl.getCommandSpec().usageMessage().footer()) {
            String l = f.replaceAll("\\s+#.*$", "").strip();
            if (l.startsWith("gpusched ") && !l.contains("<(")) {
                out.add(l.substring("gpusched ".length()));
            } else if (l.startsWith("source <(gpusched ")) {
                out.add(l.substring("source <(gpusched ".length(), l.length() - 1));
            }
        }
        cl.getSubcommands().values().forEach(c -> collectFooters(c, out));
    }

    @Test
    void every_example_in_the_docs_and_the_help_runs(@TempDir Path dir) throws Exception {
        Path ts = Files.copy(Path.of("examples/jetson-orin-perception.json"), dir.resolve("ts.json"));
        Path table = dir.resolve("table.json");
        assertThat(CliRunner.run("analyze", ts.toString(), "--table", table.toString()).code()).isZero();
        for (String report : new String[] {"old-report.json", "new-report.json"}) {
            Files.writeString(dir.resolve(report), CliRunner.run("analyze", ts.toString(), "--format", "json").out());
        }
        nsysFixture(ts, dir);
        Set<String> all = examples();
        assertThat(all).as("examples found").hasSizeGreaterThan(40);
        List<String> wrong = new ArrayList<>();
        InputStream savedIn = System.in;
        try {
            for (String example : all) {
                String[] stages = example.split(" \\| ");
                String stdin = null;
                int code = 0;
                String err = "";
                for (String stage : stages) {
                    String s = stage.strip();
                    if (s.startsWith("./gpusched ") || s.startsWith("gpusched ")) {
                        s = s.substring(s.indexOf("gpusched ") + "gpusched ".length());
                    } else if (stage != stages[0]) {
                        break; // a pipe into jq or another tool
                    }
                    List<String> args = args(s.replaceAll("\\s*>.*$", ""), dir);
                    String cmd = args.get(0);
                    if (cmd.equals("experiment") || cmd.equals("bench")) {
                        code = parses(args) ? 0 : 2;
                        break;
                    }
                    System.setIn(new ByteArrayInputStream(stdin == null ? new byte[0]
                            : stdin.getBytes(StandardCharsets.UTF_8)));
                    CliRunner r = CliRunner.run(args.toArray(String[]::new));
                    stdin = r.out();
                    code = r.code();
                    err = r.err();
                    if (code != 0) {
                        break;
                    }
                }
                boolean noGpu = code == 2 && example.contains("--device cuda") && err.contains("--device cuda:");
                // A glob over examples/ meets the v2 workload, to which PBS does not apply: exit 2 with the reason.
                boolean notApplicable = code == 2 && !err.isBlank() && err.lines().allMatch(
                        l -> l.contains("not applicable") || l.contains("does not apply"));
                if ((code == 2 && !noGpu && !notApplicable) || code == 70) {
                    wrong.add(example + " -> " + code + ": " + err.strip());
                }
            }
        } finally {
            System.setIn(savedIn);
        }
        assertThat(wrong).isEmpty();
    }

    /** report.sqlite and map.json for the profile --from-nsys examples: each task's kernel alone, then all together. */
    private static void nsysFixture(Path ts, Path dir) throws Exception {
        var tasks = new org.gpusched.input.TaskSetReader(true).read(ts).tasks();
        StringBuilder map = new StringBuilder("{\"rules\": [");
        try (var f = new org.gpusched.input.NsysFixture(dir.resolve("report.sqlite"), false, false, false)) {
            for (int i = 0; i < tasks.size(); i++) {
                map.append(i == 0 ? "" : ", ").append("{\"task\": \"").append(tasks.get(i).name())
                        .append("\", \"kernel\": \"^k").append(i).append("$\"}");
                f.kernel("k" + i, i, 1_000_000L * i, 1_000_000L * i + 1000);
                f.kernel("k" + i, i, 100_000_000L + i, 100_000_900L + i);
            }
        }
        Files.writeString(dir.resolve("map.json"), map.append("]}\n").toString());
    }

    private static boolean parses(List<String> args) {
        CommandLine cl = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        try {
            cl.parseArgs(args.toArray(String[]::new));
            return true;
        } catch (CommandLine.ParameterException e) {
            return false;
        }
    }

    private static final java.util.Set<String> OUTPUT_OPTIONS = java.util.Set.of("--out", "-o", "--output", "--gantt",
            "--html", "--table", "--graph", "--trace", "--samples");

    /** Splits an example and maps its file names onto the fixture folder. */
    static List<String> args(String line, Path dir) throws Exception {
        List<String> out = new ArrayList<>();
        for (String tok : line.trim().split("\\s+")) {
            String t = tok.replace("\"", "").replace("'", "");
            // What an output option names goes to the fixture folder, never the working directory.
            boolean output = !t.startsWith("-") && !Files.exists(Path.of(t)) && (t.matches(".*\\.(png|svg|html|xml|sarif|txt)")
                    || !out.isEmpty() && OUTPUT_OPTIONS.contains(out.get(out.size() - 1)));
            if (output) {
                out.add(dir.resolve(t.replaceFirst("^[/~]+", "")).toString());
            } else if (t.startsWith("-") || !(t.contains("/") || t.matches(".*\\.(json|csv|jsonl|graphml|dot|sqlite)"))) {
                out.add(t);
            } else if (t.equals("ts.json") || t.equals("taskset.json")) {
                out.add(dir.resolve("ts.json").toString());
            } else if (t.equals("table.json")) {
                out.add(dir.resolve("table.json").toString());
            } else if (t.contains("*")) {
                PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + t);
                Path base = Path.of(t.substring(0, t.lastIndexOf('/') + 1));
                List<String> hits = new ArrayList<>();
                if (Files.isDirectory(base)) {
                    try (Stream<Path> s = Files.list(base)) {
                        s.filter(m::matches).sorted().forEach(p -> hits.add(p.toString()));
                    }
                }
                out.addAll(hits.isEmpty() ? List.of(t) : hits);
            } else if (Files.exists(Path.of(t)) && !t.endsWith("/")) {
                out.add(t);
            } else {
                out.add(dir.resolve(t.replaceFirst("^[/~]+", "")).toString());
            }
        }
        return out;
    }
}
