package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.RandomPipelines;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every EDF method that {@code compare} lists answers a set with offsets, whether or not it has a
 * steady-state window: random pipelines (offsets, jitter, chains) through the CLI, as a user runs
 * them, none "n/a" for a method whose id names EDF.
 */
class EdfOffsetsCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int SETS = 40;

    @Test
    void noEdfMethodIsNotApplicableToASetWithOffsets(@TempDir Path dir) throws Exception {
        int noCut = 0;
        int jitter = 0;
        int sets = 0;
        Set<String> methods = new TreeSet<>();
        List<String> refused = new ArrayList<>();
        for (long seed = 37_200_001; sets < SETS; seed++) {
            TaskSet ts = RandomPipelines.generate(seed, 2, 3);
            if (ts == null || ts.tasks().stream().allMatch(t -> t.offset() == 0)) {
                continue;
            }
            sets++;
            noCut += ts.origin() < 0 ? 1 : 0;
            jitter += ts.tasks().stream().anyMatch(t -> t.jitter() > 0) ? 1 : 0;
            Path file = dir.resolve("set-" + seed + ".json");
            Files.writeString(file, RandomPipelines.json(seed, 2, 3));
            CliRunner r = CliRunner.run("compare", file.toString(), "--format", "json");
            assertThat(r.code()).as(r.err()).isIn(0, 1, 3);
            for (JsonNode m : M.readTree(r.out()).get("methods")) {
                String id = m.get("method").asText();
                if (!id.contains("edf")) {
                    continue;
                }
                methods.add(id);
                if (m.get("verdict").asText().equals("n/a")) {
                    refused.add("seed " + seed + " " + id + ": " + m.get("reason").asText());
                }
            }
        }
        assertThat(refused).isEmpty();
        assertThat(methods).contains("edf-serial", "edf-parallel", "edf-serial-tt", "edf-parallel-tt");
        assertThat(noCut).as("sets with no steady-state window").isGreaterThan(SETS / 5);
        assertThat(jitter).as("sets with release jitter").isPositive();
    }
}
