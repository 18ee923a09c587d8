package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.explore.BruteForceExplorer;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.PowerOnBruteForce;
import org.gpusched.explore.poweron.PowerOnExplorer;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableChecker;
import org.gpusched.table.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The path a user takes, on random workloads: each set of {@link RandomWorkloadFiles} goes through
 * {@code analyze} in every {@code --format}, with {@code --table} (JSON and CSV), {@code --gantt} and
 * {@code --html}, then {@code compare}, {@code diff} of its report, and {@code verify} and
 * {@code play --device sim} of its table, all in-process through the real command line. Every run
 * ends with 0, 1 or 3 (never 70); the verdict read from each format (the text's first line, the
 * CSV's verdict column, the JUnit failures and errors, the SARIF results, the JSON's verdict) is
 * the same and its exit code is the run's; that verdict is the independent twin's (brute force over
 * the hyperperiod, or the power-on search from time 0), and every table passes the checker.
 *
 * <p>{@code -Dgpusched.userpath.count=N} (default 200) and {@code -Dgpusched.userpath.seed=S} make a
 * longer or another run; a failing set is written to {@code target/userpath-failures/} (docs/testing.md).
 */
class UserPathPropertyTest {
    private static final int COUNT = Integer.getInteger("gpusched.userpath.count", 200);
    private static final long SEED = Long.getLong("gpusched.userpath.seed", 34_000_001L);
    private static final Path FAILURES = Path.of("target", "userpath-failures");
    private static final Set<Integer> VERDICT_CODES = Set.of(0, 1, 3);
    private static final ObjectMapper M = new ObjectMapper();
    private static final List<String> OPTIONS = List.of("", "--stop all", "--stop all --objective most-slack",
            "--search bfs --threads 2", "--search dfs", "--merge canonical", "--merge none", "--stats",
            "--graph GRAPH --force", "--max-states 1000000 --time-limit 60s");

    @TempDir
    Path dir;

    @Test
    void everyAnswerReachesTheUserInEveryFormat() throws Exception {
        List<String> failures = new ArrayList<>();
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int powerOn = 0;
        int twinCompared = 0;
        for (int i = 0; i < COUNT && failures.size() < 10; i++) {
            long seed = SEED + i;
            String json = RandomWorkloadFiles.json(seed);
            Path file = dir.resolve("set-" + seed + ".json");
            Files.writeString(file, json);
            TaskSet ts;
            try {
                ts = new WorkloadReader().read(file.toString(), json).pbs();
            } catch (InputException e) {
                failures.add(seed + ": the generator wrote an invalid file: " + e.getMessage());
                continue;
            }
            List<String> problems = new ArrayList<>();
            Verdict v = check(file, seed, ts, problems);
            if (v != null) {
                seen.merge(v, 1, Integer::sum);
                powerOn += PowerOnExplorer.needed(ts) ? 1 : 0;
                Verdict twin = twin(ts);
                if (twin != null && v != Verdict.INCONCLUSIVE) {
                    twinCompared++;
                    if (twin != v) {
                        problems.add("analyze says " + v + ", the brute-force twin " + twin);
                    }
                }
            }
            if (!problems.isEmpty()) {
                failures.add(seed + ": " + String.join("; ", problems));
                Files.createDirectories(FAILURES);
                Files.writeString(FAILURES.resolve("userpath-" + seed + ".json"), json);
            }
        }
        assertThat(failures).as("replay: target/userpath-failures/, or RandomWorkloadFiles.json(seed)").isEmpty();
        // The run must see both verdicts, and sets answered from power-on.
        assertThat(seen.getOrDefault(Verdict.SCHEDULABLE, 0)).isGreaterThan(COUNT / 10);
        assertThat(seen.getOrDefault(Verdict.NOT_SCHEDULABLE, 0)).isGreaterThan(COUNT / 10);
        assertThat(powerOn).isGreaterThan(COUNT / 10);
        assertThat(twinCompared).isGreaterThan(COUNT / 2);
        System.out.printf("user path: %s, %d from power-on, %d against the twin%n", seen, powerOn, twinCompared);
    }

    /** Every command and output on one file; the verdict the reports agree on, or null when none. */
    private Verdict check(Path file, long seed, TaskSet ts, List<String> problems) throws Exception {
        String f = file.toString();
        Path table = dir.resolve("table.json");
        Path csvTable = dir.resolve("table.csv");
        Path gantt = dir.resolve("timeline.svg");
        Path html = dir.resolve("review.html");
        for (Path p : List.of(table, csvTable, gantt, html)) {
            Files.deleteIfExists(p);
        }
        List<String> args = new ArrayList<>(List.of("analyze", f, "--no-timing", "--table", table.toString(), "--gantt",
                gantt.toString(), "--html", html.toString()));
        // One of the search's options in turn: each must leave the verdict and every output as they are.
        String options = OPTIONS.get((int) Math.floorMod(seed, (long) OPTIONS.size()));
        if (!options.isEmpty()) {
            args.addAll(List.of(options.replace("GRAPH", dir.resolve("graph.dot").toString()).split(" ")));
        }
        CliRunner text = run(problems, args.toArray(String[]::new));
        if (text == null) {
            return null;
        }
        int code = text.code();
        // Every --format a user can ask for, each read the way its consumer reads it (ReportVerdicts):
        // all must state the JSON report's verdict and end with that verdict's exit code.
        Map<String, CliRunner> formats = new LinkedHashMap<>();
        formats.put("text", text);
        for (String format : List.of("json", "csv", "junit", "sarif")) {
            CliRunner r = run(problems, "analyze", f, "--no-timing", "--format", format);
            if (r != null) {
                formats.put(format, r);
            }
        }
        CliRunner json = formats.get("json");
        if (json == null) {
            return null;
        }
        JsonNode report = M.readTree(json.out());
        Verdict v = ReportVerdicts.words(report.path("verdict").asText());
        if (v == null) {
            problems.add("the JSON report states no verdict: " + report.path("verdict"));
            return null;
        }
        for (Map.Entry<String, CliRunner> e : formats.entrySet()) {
            Verdict said = ReportVerdicts.of(e.getKey(), f, e.getValue().out());
            if (said != v) {
                problems.add(e.getKey() + " says " + said + " where JSON says " + v);
            }
            sameCode(problems, v.exitCode(), e.getValue(), "--format " + e.getKey());
        }
        sameCode(problems, code, run(problems, "analyze", f, "--no-timing", "--table", csvTable.toString(),
                "--table-format", "csv"), "--table-format csv");
        CliRunner compare = run(problems, "compare", f, "--methods", "gpusched", "--format", "json");
        if (compare != null) {
            String words = M.readTree(compare.out()).at("/methods/0/verdict").asText();
            if (!words.equals(report.get("verdict").asText())) {
                problems.add("compare says " + words + ", analyze " + report.get("verdict").asText());
            }
        }
        Path saved = dir.resolve("report.json");
        Files.writeString(saved, json.out());
        sameCode(problems, code, run(problems, "diff", saved.toString(), saved.toString()), "diff of the report");
        if (v == Verdict.SCHEDULABLE) {
            for (Path p : List.of(table, csvTable, gantt, html)) {
                if (!Files.exists(p)) {
                    problems.add("schedulable but no " + p.getFileName() + " written");
                }
            }
            if (Files.exists(table)) {
                List<String> refused = TableChecker.check(ts, Tables.read(table.toString(), Files.readString(table)));
                if (!refused.isEmpty()) {
                    problems.add("table refused: " + refused.get(0));
                }
                sameCode(problems, 0, run(problems, "verify", table.toString(), "--taskset", f, "--runs", "3"),
                        "verify");
                sameCode(problems, 0, run(problems, "play", table.toString(), "--taskset", f, "--device", "sim",
                        "--format", "json", "--gantt", dir.resolve("played.svg").toString(), "--force"),
                        "play --device sim");
            }
        }
        return v;
    }

    private static void sameCode(List<String> problems, int expected, CliRunner r, String what) {
        if (r != null && r.code() != expected) {
            problems.add(what + ": exit " + r.code() + " where " + expected + " was expected: " + firstLine(r.err()));
        }
    }

    /** Runs one command; a code outside {0, 1, 3} is a problem (and null). */
    private static CliRunner run(List<String> problems, String... args) {
        CliRunner r = CliRunner.run(args);
        if (!VERDICT_CODES.contains(r.code())) {
            problems.add(String.join(" ", args) + ": exit " + r.code() + ": " + firstLine(r.err()));
            return null;
        }
        return r;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** The verdict of the independent twin, or null when its budget ran out. */
    private static Verdict twin(TaskSet ts) {
        if (ts.jobCount() > 40) {
            return null;
        }
        try {
            if (PowerOnExplorer.needed(ts)) {
                Options o = Options.defaults().withBudget(200_000, null);
                PowerOnExplorer.Result p = new PowerOnExplorer(ts, o).analyze(o.budget().start());
                boolean reaches = new PowerOnBruteForce(p.fileTimeLine())
                        .reaches((p.explored() + 2) * ts.hyperperiod(), 200_000);
                return reaches ? Verdict.SCHEDULABLE : Verdict.NOT_SCHEDULABLE;
            }
            Verdict v = new BruteForceExplorer(ts, Budget.of(1_000_000, null)).analyze().verdict();
            return v == Verdict.INCONCLUSIVE ? null : v;
        } catch (IllegalStateException e) {
            return null; // the twin's own budget
        }
    }
}
