package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.InputException;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.TaskSet;
import org.gpusched.reference.Reference;
import org.gpusched.reference.ReferenceWorkloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpusched against the reference core on random workloads with every feature
 * ({@link ReferenceWorkloads}), through the command a user runs: {@code analyze} with the default
 * exact search (the power-on question), with {@code --method brute-force} where the steady state's
 * window starts at 0, with {@code --steady-state} where a window exists, and with both
 * time-triggered EDF baselines. Each verdict must equal the reference's own (its exhaustive power-on
 * search, or its EDF run), and every table in a report must pass the reference's checker. The
 * reference imports nothing of gpusched, so agreement here is evidence from a second implementation.
 *
 * <p>{@code -Dgpusched.reference.count=N} (default 2,500) and {@code -Dgpusched.reference.seed=S}
 * make a longer or another run.
 */
class ReferenceAgreementPropertyTest {
    private static final int COUNT = Integer.getInteger("gpusched.reference.count", 2_500);
    private static final long SEED = Long.getLong("gpusched.reference.seed", 49_000_001L);
    private static final long MAX_STATES = 200_000;
    private static final ObjectMapper M = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void everyVerdictAndTableAgreesWithTheReference() throws Exception {
        List<String> failures = new ArrayList<>();
        Map<String, Integer> compared = new TreeMap<>();
        int invalid = 0;
        for (int i = 0; i < COUNT && failures.size() < 10; i++) {
            long seed = SEED + i;
            String json = ReferenceWorkloads.json(seed);
            Path file = dir.resolve("ref-" + seed + ".json");
            Files.writeString(file, json);
            TaskSet ts;
            try {
                ts = new WorkloadReader().read(file.toString(), json).pbs();
            } catch (InputException e) {
                invalid++;
                continue;
            }
            String where = "seed " + seed + " " + json;
            Reference.Verdict power = Reference.powerOn(json, MAX_STATES);
            compare(failures, compared, where, json, "gpusched", power, run(file));
            if (ts.origin() == 0) {
                compare(failures, compared, where, json, "brute-force", power, run(file, "--method", "brute-force"));
            }
            if (ts.origin() > 0) {
                JsonNode steady = run(file, "--steady-state");
                tableChecked(failures, where + " --steady-state", json, steady);
                compared.merge("steady-state table", 1, Integer::sum);
            }
            compare(failures, compared, where, json, "edf-serial-tt", Reference.edf(json, false, 100_000),
                    run(file, "--method", "edf-serial-tt"));
            compare(failures, compared, where, json, "edf-parallel-tt", Reference.edf(json, true, 100_000),
                    run(file, "--method", "edf-parallel-tt"));
        }
        assertThat(failures).as("disagreements with the reference core").isEmpty();
        assertThat(invalid).as("generated files the reader refused").isLessThan(COUNT / 10);
        // Each comparison must have happened often enough to mean something, with both verdicts.
        for (String m : List.of("gpusched", "brute-force", "edf-serial-tt", "edf-parallel-tt")) {
            assertThat(compared.getOrDefault(m + " schedulable", 0)).as(m + " schedulable").isGreaterThan(COUNT / 20);
            assertThat(compared.getOrDefault(m + " not schedulable", 0)).as(m + " not").isGreaterThan(COUNT / 20);
        }
        assertThat(compared.getOrDefault("steady-state table", 0)).isGreaterThan(COUNT / 50);
    }

    private JsonNode run(Path file, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("analyze", file.toString(), "--format", "json", "--no-timing",
                "--max-states", "300000"));
        args.addAll(List.of(extra));
        // Main.run directly: the report schemas are checked by the other CLI tests, and thousands of
        // schema validations would cost more than the analyses.
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        JsonNode report = out.toString().isBlank() ? M.createObjectNode() : M.readTree(out.toString());
        return ((ObjectNode) report).put("exit", code).put("err", err.toString());
    }

    private static void compare(List<String> failures, Map<String, Integer> compared, String where, String json,
                                String method, Reference.Verdict ref, JsonNode report) {
        int exit = report.get("exit").asInt();
        if (exit != 0 && exit != 1 && exit != 3) {
            failures.add(where + ": " + method + " exit " + exit + ": " + report.get("err").asText());
            return;
        }
        if (exit == 3 || ref == Reference.Verdict.UNDECIDED) {
            compared.merge(method + " undecided", 1, Integer::sum);
            return;
        }
        boolean ours = exit == 0;
        boolean theirs = ref == Reference.Verdict.SCHEDULABLE;
        if (ours != theirs) {
            failures.add(where + ": " + method + " says " + (ours ? "schedulable" : "not schedulable")
                    + ", the reference " + ref);
        }
        compared.merge(method + (ours ? " schedulable" : " not schedulable"), 1, Integer::sum);
        if (ours) {
            tableChecked(failures, where + " " + method, json, report);
        }
    }

    /** The report's table passed the reference inside the run, and passes it again here, from the file. */
    private static void tableChecked(List<String> failures, String where, String json, JsonNode report) {
        if (report.get("exit").asInt() != 0) {
            return;
        }
        if (!report.path("tableCheck").path("passed").asBoolean()) {
            failures.add(where + ": the report carries no passed reference check of its table");
        }
        if (report.has("table")) {
            List<String> problems = Reference.checkTable(json, report.get("table").toString());
            if (!problems.isEmpty()) {
                failures.add(where + ": " + problems);
            }
        }
    }
}
