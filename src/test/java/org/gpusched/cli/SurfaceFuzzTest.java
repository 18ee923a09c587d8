package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fuzz suite's second half ({@link FuzzTest} has the task sets): mutated v2 workloads through
 * validate and the non-PBS methods, optimize and sensitivity; mutated analyze reports through diff;
 * mutated tables and partition plans through play. The same rules: exit 0 to 3, exit 2 one clean
 * line, no input changed, nothing past the watchdog (docs/testing.md).
 *
 * <p>{@code -Dgpusched.fuzz.surfaceCount=N} (default 120) inputs; {@code -Dgpusched.fuzz.seed=S}.
 */
class SurfaceFuzzTest {
    private static final int COUNT = Integer.getInteger("gpusched.fuzz.surfaceCount", 120);
    private static final long SEED = Long.getLong("gpusched.fuzz.seed", 20261122L);
    private static final long LIMIT_S = Long.getLong("gpusched.fuzz.limitSeconds", 20);
    private static final ObjectMapper M = new ObjectMapper();
    private static final String V1 = "examples/paper-fig1.json";
    private static final String SM = PartitionCliTest.EX;
    private static final List<String> WORKLOADS = List.of("examples/workload-v2.json", "examples/railway-timepart.json",
            "examples/gcaps-example-2.json", SM, "examples/copy-exec-video.json");
    private static final List<String> METHODS = List.of("holistic", "time-partitioned-holistic", "gcaps-busy",
            "mpcp-suspend", "fmlp+-busy", "tsg-rr-suspend", "copy-exec-order", "sm-partition-bf-act");

    @TempDir
    Path dir;

    private enum Kind { WORKLOAD, TASK_SET, REPORT, TABLE, PLAN }

    @Test
    void mutatedWorkloadsReportsTablesAndPlansNeverCrashHangOrChangeTheInput() throws Exception {
        Path report = dir.resolve("seed-report.json");
        Files.writeString(report, CliRunner.run("analyze", V1, "--format", "json").out());
        Path table = dir.resolve("seed-table.json");
        Path plan = dir.resolve("seed-plan.json");
        assertThat(CliRunner.run("analyze", V1, "--table", table.toString()).code()).isZero();
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-bf-act", SM, "--plan", plan.toString()).code())
                .isZero();
        List<String> failures = new ArrayList<>();
        int[] codes = new int[4];
        ExecutorService exec = FuzzTest.executor();
        FuzzTest.Cli cli = new FuzzTest.Cli();
        try {
            for (int i = 0; i < COUNT && failures.size() < 10; i++) {
                Random rnd = new Random(SEED * 1_000_003L + 7 + i);
                Kind kind = Kind.values()[i % Kind.values().length];
                String seed = switch (kind) {
                    case WORKLOAD -> WORKLOADS.get(rnd.nextInt(WORKLOADS.size()));
                    case TASK_SET -> V1;
                    case REPORT -> report.toString();
                    case TABLE -> table.toString();
                    case PLAN -> plan.toString();
                };
                JsonNode tree = M.readTree(Files.readString(Path.of(seed)));
                FuzzMutator mutator = new FuzzMutator(rnd);
                byte[] input = mutator.mutate(tree);
                Path file = dir.resolve("fuzz.json");
                Files.write(file, input);
                String what = "#" + i + " " + kind + " " + Path.of(seed).getFileName() + " " + mutator.applied();
                for (String[] args : commands(kind, file.toString(), i)) {
                    FuzzTest.Cli current = cli;
                    Future<FuzzTest.Outcome> f = exec.submit(() -> current.run(args));
                    FuzzTest.Outcome o;
                    try {
                        o = f.get(LIMIT_S, TimeUnit.SECONDS);
                    } catch (TimeoutException e) {
                        failures.add(FuzzTest.save(i, input, what + " " + Arrays.toString(args) + ": still running"));
                        exec.shutdownNow();
                        exec = FuzzTest.executor();
                        cli = new FuzzTest.Cli();
                        break;
                    }
                    String problem = FuzzTest.check(o, input, file);
                    if (problem != null) {
                        failures.add(FuzzTest.save(i, input, what + " " + Arrays.toString(args) + ": " + problem));
                        break;
                    }
                    codes[o.code()]++;
                    if (o.code() == 2) {
                        break;
                    }
                }
                Files.deleteIfExists(dir.resolve("out-" + i + ".json"));
            }
        } finally {
            exec.shutdownNow();
        }
        System.out.printf("surface fuzz: %d inputs, seed %d, exit codes 0/1/2/3: %s%n", COUNT, SEED,
                Arrays.toString(codes));
        assertThat(failures).as("fuzz failures (inputs saved in target/fuzz-failures)").isEmpty();
        assertThat(codes[2]).as("inputs rejected").isPositive();
        assertThat(codes[0] + codes[1] + codes[3]).as("inputs that ran").isPositive();
    }

    /** The commands one mutated input goes through; a refusal (exit 2) ends the list. */
    private List<String[]> commands(Kind kind, String file, int i) {
        String out = dir.resolve("out-" + i + ".json").toString();
        return switch (kind) {
            case WORKLOAD -> List.of(new String[] {"validate", file},
                    i % 3 == 0 ? new String[] {"optimize", "--windows", file, "--time-limit", "1s", "-o", out}
                            : new String[] {"analyze", file, "--method", METHODS.get(i % METHODS.size()),
                            "--time-limit", "1s", "--no-timing"});
            case TASK_SET -> List.<String[]>of(new String[] {"sensitivity", file, "--time-limit", "1s",
                    "--max-states", "20000"});
            case REPORT -> List.<String[]>of(new String[] {"diff", V1, file, "--time-limit", "1s"});
            case TABLE -> List.<String[]>of(new String[] {"play", file, "--taskset", V1, "--device", "sim"},
                    new String[] {"verify", file, "--taskset", V1, "--runs", "5"});
            case PLAN -> List.<String[]>of(new String[] {"play", file, "--taskset", SM, "--device", "sim"});
        };
    }
}
