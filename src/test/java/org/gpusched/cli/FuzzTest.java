package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fuzzes the CLI in-process with mutations of the seed task sets ({@code fuzz/seeds.txt}): every
 * input goes through {@code validate}, and the valid ones through {@code analyze} with one of the
 * four methods in turn, under a small time and state budget. Every outcome must be exit 0, 1, 2
 * or 3, never 70; exit 2 must be exactly one line on stderr; no input may run past the per-input
 * limit; and the input file must be unchanged afterwards.
 *
 * <p>{@code -Dgpusched.fuzz.count=N} (default 2000) sets the number of inputs and
 * {@code -Dgpusched.fuzz.seed=S} the seed; failing inputs are written to
 * {@code target/fuzz-failures/} for replay (docs/testing.md).
 */
class FuzzTest {
    private static final int COUNT = Integer.getInteger("gpusched.fuzz.count", 2000);
    private static final long SEED = Long.getLong("gpusched.fuzz.seed", 20261122L);
    /** Far above the analysis budget below: only a loop that ignores budgets gets here. */
    private static final long LIMIT_S = Long.getLong("gpusched.fuzz.limitSeconds", 20);
    private static final int FROM = Integer.getInteger("gpusched.fuzz.from", 0);
    private static final int MAX_FAILURES = Integer.getInteger("gpusched.fuzz.maxFailures", 10);
    private static final List<String> METHODS = List.of(System.getProperty("gpusched.fuzz.methods",
            "gpusched,brute-force,edf-serial,edf-parallel").split(","));
    private static final Path FAILURES = Path.of("target", "fuzz-failures");

    @TempDir
    Path dir;

    record Seed(Path file, JsonNode tree) { }

    record Outcome(int code, String err) { }

    static List<Seed> seeds() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Seed> seeds = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("src/test/resources/fuzz/seeds.txt"))) {
            String glob = line.strip();
            if (glob.isEmpty() || glob.startsWith("#")) {
                continue;
            }
            Path base = Path.of(glob).getParent();
            PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + glob);
            try (Stream<Path> files = Files.list(base)) {
                for (Path f : files.filter(m::matches).sorted().toList()) {
                    seeds.add(new Seed(f, json.readTree(f.toFile())));
                }
            }
        }
        return seeds;
    }

    @Test
    void mutatedTaskSetsNeverCrashHangOrChangeTheInput() throws Exception {
        List<Seed> seeds = seeds();
        assertThat(seeds).hasSizeGreaterThanOrEqualTo(5);
        List<String> failures = new ArrayList<>();
        int[] codes = new int[4];
        java.util.TreeMap<Long, String> slowest = new java.util.TreeMap<>();
        ExecutorService exec = executor();
        Cli cli = new Cli();
        try {
            for (int i = FROM; i < COUNT && failures.size() < MAX_FAILURES; i++) {
                if (i > FROM && i % 5000 == 0) {
                    System.out.printf("fuzz: %d inputs done, %d failures, exit codes 0/1/2/3: %s%n", i,
                            failures.size(), Arrays.toString(codes));
                }
                Random rnd = new Random(SEED * 1_000_003L + i);
                Seed seed = seeds.get(rnd.nextInt(seeds.size()));
                FuzzMutator mutator = new FuzzMutator(rnd);
                byte[] input = mutator.mutate(seed.tree());
                Path file = dir.resolve("fuzz.json");
                Files.write(file, input);
                String what = "#" + i + " " + seed.file().getFileName() + " " + mutator.applied();
                String method = METHODS.get(i % METHODS.size());
                List<String[]> commands = List.of(new String[] {"validate", file.toString()},
                        new String[] {"analyze", file.toString(), "--method", method, "--time-limit", "2s",
                                "--max-states", "20000", "--no-timing"});
                long started = System.nanoTime();
                for (String[] args : commands) {
                    Outcome o;
                    Cli current = cli;
                    Future<Outcome> f = exec.submit(() -> current.run(args));
                    try {
                        o = f.get(LIMIT_S, TimeUnit.SECONDS);
                    } catch (TimeoutException e) {
                        failures.add(save(i, input, what + " " + Arrays.toString(args) + ": still running after "
                                + LIMIT_S + " s"));
                        // The stuck thread cannot be stopped: abandon it and go on with a new one.
                        exec.shutdownNow();
                        exec = executor();
                        cli = new Cli();
                        break;
                    }
                    String problem = check(o, input, file);
                    if (problem != null) {
                        failures.add(save(i, input, what + " " + Arrays.toString(args) + ": " + problem));
                        break;
                    }
                    if (o.code() >= 0 && o.code() < codes.length) {
                        codes[o.code()]++;
                    }
                    if (o.code() != 0) {
                        break; // analyze reads the file the same way: only valid sets are worth analysing
                    }
                }
                slowest.put(System.nanoTime() - started, what);
                if (slowest.size() > 5) {
                    slowest.pollFirstEntry();
                }
            }
        } finally {
            exec.shutdownNow();
        }
        System.out.printf("fuzz: %d inputs, seed %d, exit codes 0/1/2/3: %s%n", COUNT, SEED, Arrays.toString(codes));
        slowest.descendingMap().forEach((ns, w) -> System.out.printf("fuzz: slow %d ms %s%n", ns / 1_000_000, w));
        assertThat(failures).as("fuzz failures (inputs saved in %s)", FAILURES).isEmpty();
        // The mutations must reach both sides: accepted inputs and every kind of rejection.
        assertThat(codes[0]).as("valid inputs analysed").isPositive();
        assertThat(codes[2]).as("inputs rejected").isPositive();
    }

    static ExecutorService executor() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The command line of {@link Main#run}, built once and executed many times: picocli resets every
     * option before each parse, and building it costs ten times what reading a small file does.
     */
    static final class Cli {
        private final StringWriter out = new StringWriter();
        private final StringWriter err = new StringWriter();
        private final PrintWriter outWriter = new PrintWriter(out);
        private final PrintWriter errWriter = new PrintWriter(err);
        private final CommandLine cl = Main.commandLine(outWriter, errWriter);

        Outcome run(String[] args) {
            out.getBuffer().setLength(0);
            err.getBuffer().setLength(0);
            int code = cl.execute(args);
            outWriter.flush();
            errWriter.flush();
            return new Outcome(code, err.toString());
        }
    }

    static String check(Outcome o, byte[] input, Path file) throws IOException {
        if (o.code() < 0 || o.code() > 3) {
            return "exit " + o.code() + ": " + o.err().strip();
        }
        if (o.code() == 2) {
            List<String> lines = o.err().lines().toList();
            if (lines.size() != 1 || lines.get(0).isBlank()) {
                return "exit 2 with " + lines.size() + " lines on stderr: " + o.err().strip();
            }
            if (lines.get(0).chars().anyMatch(c -> c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))) {
                return "raw control character in: " + lines.get(0);
            }
        }
        if (!Arrays.equals(Files.readAllBytes(file), input)) {
            return "the input file was changed";
        }
        return null;
    }

    static String save(int i, byte[] input, String what) throws IOException {
        Files.createDirectories(FAILURES);
        Path f = FAILURES.resolve("fuzz-" + SEED + "-" + i + ".json");
        Files.write(f, input);
        Files.writeString(f.resolveSibling(f.getFileName() + ".txt"), what + "\n", StandardCharsets.UTF_8);
        return f + ": " + what;
    }
}
