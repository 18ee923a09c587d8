package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.ExitCodes;
import org.gpusched.policy.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The GCAPS family through the CLI: the paper's Example 2 from examples/gcaps-example-2.json (the
 * paper's verdicts), a v1 GPU-only file judged by the family (each task on its own core, zero
 * CPU time), n/a with a reason, and compare showing the family next to PBS on every example.
 */
class GcapsCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String EX2 = "examples/gcaps-example-2.json";

    private static JsonNode json(String... args) throws IOException {
        CliRunner r = CliRunner.run(args);
        assertThat(r.err()).as(String.join(" ", args)).doesNotContain("Exception");
        return M.readTree(r.out());
    }

    private static List<Long> responseTimes(JsonNode report) {
        List<Long> out = new ArrayList<>();
        for (JsonNode t : report.get("tasks")) {
            out.add(t.get("responseTime").isNull() ? null : t.get("responseTime").asLong());
        }
        return out;
    }

    @Test
    void example2WithCpuPrioritiesFailsAtTau4() throws IOException {
        CliRunner r = CliRunner.run("analyze", EX2, "--method", "gcaps-suspend", "--variant", "paper");
        assertThat(r.code()).isEqualTo(ExitCodes.NOT_SCHEDULABLE);
        JsonNode o = json("analyze", EX2, "--method", "gcaps-suspend", "--variant", "paper", "--format", "json");
        assertThat(responseTimes(o)).containsExactly(26_000L, 58_000L, 153_000L, null);
        assertThat(o.get("tasks").get(3).get("schedulable").asBoolean()).isFalse();
    }

    @Test
    void example2WithAudsleyPassesInTheOrderOfThePaper() throws IOException {
        // The documented command, with the default variant.
        assertThat(CliRunner.run("analyze", EX2, "--method", "gcaps-suspend", "--gpu-priority", "audsley").code())
                .isEqualTo(ExitCodes.OK);
        JsonNode o = json("analyze", EX2, "--method", "gcaps-suspend", "--gpu-priority", "audsley", "--format", "json");
        assertThat(responseTimes(o)).containsExactly(26_000L, 75_000L, 187_000L, 143_000L);
        assertThat(o.get("detail").get("gpuPriorityOrder").toString()).isEqualTo("[\"tau1\",\"tau2\",\"tau4\",\"tau3\"]");
        assertThat(o.get("detail").get("audsleyUsed").asBoolean()).isTrue();
        JsonNode artifact = json("analyze", EX2, "--method", "gcaps-suspend", "--gpu-priority", "audsley",
                "--variant", "artifact", "--format", "json");
        assertThat(responseTimes(artifact).get(3)).isEqualTo(137_000L);
    }

    @Test
    void tsgRoundRobinAsPrintedAndSafeByDefault() throws IOException {
        JsonNode o = json("analyze", EX2, "--method", "tsg-rr-suspend", "--variant", "paper", "--format", "json");
        assertThat(responseTimes(o).get(0)).isEqualTo(33_400L); // 9 + 10 + 1.2 * 2 * (4 + 2) ms
        // The default is the safe variant: one more θ = 0.2 ms per own slice, 6 slices (docs/rta.md).
        JsonNode safe = json("analyze", EX2, "--method", "tsg-rr-suspend", "--format", "json");
        assertThat(responseTimes(safe).get(0)).isEqualTo(34_600L);
        assertThat(safe.get("detail").get("variant").asText()).isEqualTo("safe");
    }

    /**
     * A GPU-only v1 file, in ticks (driver L = 1, θ = α = 0): A (T 10, C 2) and B (T 20, C 3), each
     * on its own core. TSG-RR busy: each task waits one slice of the other per own slice, so
     * R_A = 2 + 1·1·⌈2/1⌉ = 4 and R_B = 3 + 3 = 6. GCAPS suspend (ε = 0): A has the top GPU
     * priority, R_A = 2; B is preempted by one job of A, R_B = 3 + ⌈(5 + 0)/10⌉·2 = 5.
     */
    @Test
    void aV1GpuOnlyFileIsJudgedWithEachTaskOnItsOwnCore(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("two.json");
        Files.writeString(f, """
                {"name": "two", "tasks": [{"name": "A", "period": 10, "wcet": 2}, {"name": "B", "period": 20, "wcet": 3}]}""");
        assertThat(responseTimes(json("analyze", f.toString(), "--method", "tsg-rr-busy", "--variant", "paper",
                "--format", "json"))).containsExactly(4L, 6L);
        assertThat(responseTimes(json("analyze", f.toString(), "--method", "gcaps-suspend", "--format", "json")))
                .containsExactly(2L, 5L);
    }

    @Test
    void notApplicableIsExit2WithTheReason() {
        CliRunner r = CliRunner.run("analyze", "examples/workload-v2.json", "--method", "gcaps-busy");
        assertThat(r.code()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err()).contains("gcaps-busy: not applicable:").contains("copy");
        assertThat(r.err().lines().count()).isEqualTo(1);
    }

    @Test
    void compareShowsEveryMethodOnEveryExample() throws IOException {
        List<String> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.map(Path::toString).filter(p -> p.endsWith(".json")).sorted().toList();
        }
        List<String> args = new ArrayList<>(List.of("compare", "--format", "json", "--time-limit", "20s"));
        args.addAll(examples);
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isIn(ExitCodes.OK, ExitCodes.INCONCLUSIVE);
        List<JsonNode> files = new ArrayList<>();
        for (String line : r.out().lines().toList()) {
            files.add(M.readTree(line));
        }
        assertThat(files).hasSize(examples.size());
        List<String> gcapsNa = new ArrayList<>();
        for (JsonNode f : files) {
            List<String> ids = new ArrayList<>();
            for (JsonNode m : f.get("methods")) {
                ids.add(m.get("method").asText());
                if (m.get("method").asText().equals("gcaps-suspend") && m.get("verdict").asText().equals("n/a")) {
                    gcapsNa.add(Path.of(f.get("file").asText()).getFileName().toString());
                }
            }
            // The time-triggered EDF rules are listed only where release jitter makes them differ.
            boolean jitter = Files.readString(Path.of(f.get("file").asText())).contains("\"jitter\"");
            assertThat(ids).as(f.get("file").asText()).containsExactlyElementsOf(MethodRegistry.standard().ids().stream()
                    .filter(id -> jitter || !id.endsWith("-tt")).toList());
        }
        // Every example is within the family's reach except those with copies or release jitter.
        assertThat(gcapsNa).containsExactlyInAnyOrder("copy-exec-video.json", "drone-plan-truth.json",
                "drone-plan.json", "drone-server.json", "drone-timepart.json", "online-edf-jitter.json",
                "orin-camera-pipeline.json", "railway-timepart.json", "workload-v2.json");
    }

    /** experiment cross-policy end to end: summary rows per method, plots, and PBS never below its baselines. */
    @Test
    void crossPolicySweepWritesItsSummary(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("xp");
        CliRunner r = CliRunner.run("experiment", "cross-policy", "--scenarios", "mixed", "--utilizations", "0.4,0.8",
                "--sets", "3", "--tasks", "3", "--out", out.toString(), "-q");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> rows = Files.readAllLines(out.resolve("cross-policy.csv"));
        assertThat(rows.get(0)).isEqualTo("scenario,utilization,sets,method,schedulable,inconclusive,notApplicable");
        assertThat(rows).hasSize(1 + 2 * org.gpusched.experiment.CrossPolicyExperiment.DEFAULT_METHODS.size());
        assertThat(out.resolve("cross-policy-mixed.png")).exists();
        for (String u : List.of("0.40", "0.80")) {
            double g = ratio(rows, u, "gpusched");
            assertThat(g).isGreaterThanOrEqualTo(ratio(rows, u, "edf-serial")).isGreaterThanOrEqualTo(ratio(rows, u,
                    "edf-parallel"));
        }
    }

    private static double ratio(List<String> rows, String u, String method) {
        return rows.stream().map(l -> l.split(",")).filter(c -> c[1].equals(u) && c[3].equals(method))
                .mapToDouble(c -> Double.parseDouble(c[4])).findFirst().orElseThrow();
    }
}
