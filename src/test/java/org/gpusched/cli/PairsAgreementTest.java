package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * profile --pairs against the full profile on random small workloads (3 to 6 kernels) on the same
 * simulated device and seed: the singles and pairs it measures are the full profile's, and each
 * larger set it predicts is at or above what the full profile measured for it.
 */
class PairsAgreementTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String[] KINDS = {"compute", "memory", "cache", "shared"};

    /** A random workload of n kernels of the measured shape (64 blocks of 256 threads) on an H200. */
    static String workload(Random rnd, int n) {
        StringBuilder tasks = new StringBuilder();
        for (int i = 0; i < n; i++) {
            tasks.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"name\": \"k%d\", \"period\": 20000,"
                    + " \"wcet\": %d, \"kernel\": {\"blocks\": 64, \"threadsPerBlock\": 256, \"kind\": \"%s\"}}",
                    i, 50 + rnd.nextInt(300), KINDS[rnd.nextInt(KINDS.length)]));
        }
        return "{\"formatVersion\": 1, \"name\": \"random\", \"timeUnit\": \"us\", \"gpu\": {\"preset\": \"h200\"},"
                + " \"tasks\": [" + tasks + "], \"interference\": {\"model\": \"none\"}}";
    }

    /** The written workload's entries: set (names joined by '+') to completion and origin. */
    static Map<String, String[]> entries(Path file) throws Exception {
        Map<String, String[]> out = new TreeMap<>();
        for (JsonNode e : M.readTree(file.toFile()).path("interference").path("entries")) {
            List<String> names = new ArrayList<>();
            e.path("tasks").forEach(t -> names.add(t.asText()));
            out.put(String.join("+", names), new String[] {e.path("completion").asText(), e.path("origin").asText(null)});
        }
        return out;
    }

    @Test
    void pairsMeasureWhatTheFullProfileMeasuresAndPredictNoLess(@TempDir Path dir) throws Exception {
        Random rnd = new Random(7);
        int larger = 0;
        List<String> below = new ArrayList<>();
        for (int trial = 0; trial < 20; trial++) {
            Path in = Files.writeString(dir.resolve("w" + trial + ".json"), workload(rnd, 3 + rnd.nextInt(4)));
            String seed = Integer.toString(trial);
            Path full = dir.resolve("full" + trial + ".json");
            Path pairs = dir.resolve("pairs" + trial + ".json");
            for (String[] args : List.of(new String[] {"--out", full.toString()},
                    new String[] {"--pairs", "--out", pairs.toString()})) {
                List<String> cmd = new ArrayList<>(List.of("profile", in.toString(), "--device", "sim", "--sim-contention",
                        "h200", "--runs", "2", "--exec-time", "fixed:1", "--seed", seed));
                cmd.addAll(List.of(args));
                CliRunner r = CliRunner.run(cmd.toArray(new String[0]));
                assertThat(r.code()).as(r.err()).isZero();
            }
            JsonNode fullTasks = M.readTree(full.toFile()).path("tasks");
            JsonNode pairTasks = M.readTree(pairs.toFile()).path("tasks");
            for (int i = 0; i < fullTasks.size(); i++) {
                assertThat(pairTasks.get(i).path("wcet")).isEqualTo(fullTasks.get(i).path("wcet"));
            }
            Map<String, String[]> f = entries(full);
            Map<String, String[]> p = entries(pairs);
            assertThat(p.keySet()).isEqualTo(f.keySet());
            for (Map.Entry<String, String[]> e : f.entrySet()) {
                String[] mine = p.get(e.getKey());
                assertThat(e.getValue()[1]).as("a full profile writes no marks").isNull();
                if (e.getKey().split("\\+").length == 2) {
                    assertThat(mine[1]).isEqualTo("measured");
                    assertThat(mine[0]).as(e.getKey()).isEqualTo(e.getValue()[0]);
                } else {
                    larger++;
                    assertThat(mine[1]).isEqualTo("predicted");
                    if (Long.parseLong(mine[0]) < Long.parseLong(e.getValue()[0])) {
                        below.add(trial + ":" + e.getKey() + " " + mine[0] + " < " + e.getValue()[0]);
                    }
                }
            }
        }
        System.out.println("larger sets " + larger + ", predicted below the measurement: " + below.size() + " " + below);
        assertThat(larger).isGreaterThan(50);
        assertThat(below).isEmpty();
    }
}
