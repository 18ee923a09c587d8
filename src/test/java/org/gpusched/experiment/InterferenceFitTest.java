package org.gpusched.experiment;

import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The interference experiment's GPU variant without a GPU: its parameters survive a resume, and its
 * fit predicts from each member's measured isolated time (which on a GPU is not the size asked for).
 */
class InterferenceFitTest {

    @Test
    void gpuParametersRoundTrip() {
        InterferenceExperiment e = new InterferenceExperiment(true, 1, null, 0, 0);
        assertThat(e.params()).containsEntry("device", "cuda").containsEntry("gpu", "1");
        assertThat(InterferenceExperiment.fromParams(e.params()).params()).isEqualTo(e.params());
        assertThat(new InterferenceExperiment(false, 0, null, 0, 0).params()).containsEntry("device", "sim").doesNotContainKey("gpu");
        assertThat(InterferenceExperiment.fromParams(Map.of("device", "sim")).params())
                .isEqualTo(new InterferenceExperiment(false, 0, null, 0, 0).params());
        InterferenceExperiment drawn = new InterferenceExperiment(true, 0, null, 30, 7);
        assertThat(drawn.params()).containsEntry("drawn", "30").containsEntry("seed", "7").containsEntry("sizes", "150,400");
        assertThat(InterferenceExperiment.fromParams(drawn.params()).params()).isEqualTo(drawn.params());
        assertThat(InterferenceExperiment.fromParams(drawn.params()).units()).isEqualTo(30);
        assertThat(new InterferenceExperiment(false, 0, null, 0, 0).params()).doesNotContainKeys("drawn", "seed");
    }

    @Test
    void theFitUsesTheMeasuredIsolatedTimes(@TempDir Path dir) throws Exception {
        InterferenceExperiment sim = new InterferenceExperiment(false, 0, null, 0, 0);
        List<String[]> rows = new ArrayList<>();
        for (int u = 0; u < sim.units(); u++) {
            String[] row = sim.run(u).get(0).split(",", -1);
            // As a GPU would show it: every member 20 us longer alone than asked (launch and timing costs).
            String[] iso = row[4].split(" ");
            for (int i = 0; i < iso.length; i++) {
                iso[i] = String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(iso[i]) + 20);
            }
            row[4] = String.join(" ", iso);
            rows.add(row);
        }
        InterferenceExperiment gpu = new InterferenceExperiment(true, 0, null, 0, 0);
        try (RunFolder f = Outputs.of(List.of(), false).folder(dir.resolve("r"), "experiment interference")) {
            f.start(gpu.params());
            gpu.summarize(rows, f);
            f.complete();
        }
        List<String> csv = Files.readAllLines(dir.resolve("r").resolve(InterferenceExperiment.SUMMARY));
        // The factors come from the slowdowns alone (memory 2.7); the fit scales each member's isolated time,
        // 120 here, not its size 100: ceil(120 * 2.7) = 324.
        assertThat(Files.readAllLines(dir.resolve("r").resolve(InterferenceExperiment.FACTORS))).contains("memory,2.7000");
        assertThat(csv).anyMatch(r -> r.startsWith("memory:100+memory:100,2,180,324,"));
        assertThat(dir.resolve("r").resolve("interference.png")).isNotEmptyFile();
    }
}
