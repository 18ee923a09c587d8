package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.SimResult;
import org.gpusched.rta.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The GCAPS family's analyses ignore release offsets (docs/rta.md), so every bound `compare` prints for a
 * file with offsets must hold whatever the offsets are: here it is checked against the simulator of the same
 * policy releasing each task at its file's offset, in the GPU priority order the analysis reports it used,
 * on random files of every feature the drawn sets have (overruns, best-effort tasks, zero-length segments).
 */
class RtaOffsetsCliPropertyTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int SETS = 300;
    private static final long H = RtaWorkloadFiles.HYPERPERIOD;
    private static final String METHODS = Stream.of(RtaMethod.values()).map(RtaMethod::id)
            .collect(Collectors.joining(","));

    @Test
    void everyPrintedBoundHoldsForTheFilesOffsets(@TempDir Path dir) throws Exception {
        List<String> bad = new ArrayList<>();
        int compared = 0;
        int shifted = 0;
        for (int batch = 0; batch < SETS / 50; batch++) {
            List<String> args = new ArrayList<>(List.of("compare", "--methods", METHODS, "--format", "json"));
            List<RtaWorkloadFiles.Drawn> drawn = new ArrayList<>();
            for (int k = 0; k < 50; k++) {
                long seed = 90_000L + 50L * batch + k;
                RtaWorkloadFiles.Drawn d = RtaWorkloadFiles.draw(seed, true);
                Path f = dir.resolve("set-" + seed + ".json");
                Files.writeString(f, d.json());
                args.add(f.toString());
                drawn.add(d);
            }
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.code()).as(r.err()).isIn(0, 1);
            List<String> lines = r.out().lines().toList();
            assertThat(lines).hasSize(drawn.size());
            for (int k = 0; k < lines.size(); k++) {
                RtaWorkloadFiles.Drawn d = drawn.get(k);
                shifted += Arrays.stream(d.offsets()).anyMatch(o -> o > 0) ? 1 : 0;
                JsonNode report = M.readTree(lines.get(k));
                for (JsonNode method : report.get("methods")) {
                    RtaMethod m = RtaMethod.byId(method.get("method").asText()).orElseThrow();
                    // Released over three hyperperiods after the last offset, run six: backlogs show.
                    SimResult sim = Simulator.run(d.workload(), m, order(method), d.offsets(), 4 * H, 7 * H);
                    for (JsonNode row : method.get("tasks")) {
                        OptionalLong seen = sim.observed(row.get("task").asText());
                        if (row.get("responseTime").isNull() || seen.isEmpty()) {
                            continue;
                        }
                        compared++;
                        if (row.get("responseTime").asLong() < seen.getAsLong()) {
                            bad.add(report.get("file").asText() + " " + m.id() + " " + row.get("task").asText()
                                    + ": bound " + row.get("responseTime").asLong() + " < simulated " + seen.getAsLong());
                        }
                    }
                }
            }
        }
        assertThat(bad).as(bad.size() + " bounds below the simulation").isEmpty();
        // The comparison means something only if many sets had offsets and many bounds were printed.
        assertThat(shifted).isGreaterThan(SETS / 2);
        assertThat(compared).isGreaterThan(2 * SETS);
    }

    /** Offsets move the simulator's releases: job 0 of a task with offset 7 is released at 7. */
    @Test
    void theSimulatorReleasesAtTheOffset() {
        RtaWorkload w = RtaWorkloadFiles.draw(90_000L, false).workload();
        long[] none = new long[w.tasks().size()];
        long[] late = none.clone();
        late[0] = 7;
        String first = w.tasks().get(0).name();
        SimResult at0 = Simulator.run(w, RtaMethod.GCAPS_BUSY, null, none, H, 3 * H);
        SimResult at7 = Simulator.run(w, RtaMethod.GCAPS_BUSY, null, late, H, 3 * H);
        assertThat(at7.jobs().stream().filter(j -> j.task().equals(first)).findFirst().orElseThrow().release())
                .isEqualTo(7);
        assertThat(at0.jobs().stream().filter(j -> j.task().equals(first)).findFirst().orElseThrow().release())
                .isZero();
        assertThatThrownBy(() -> Simulator.run(w, RtaMethod.GCAPS_BUSY, null, new long[1], H, 3 * H))
                .isInstanceOf(IllegalArgumentException.class);
        // An offset past the last release leaves the task no job, not a negative count.
        long[] never = none.clone();
        never[0] = 5 * H;
        assertThat(Simulator.run(w, RtaMethod.GCAPS_BUSY, null, never, H, 3 * H).observed(first)).isEmpty();
    }

    private static List<String> order(JsonNode method) {
        JsonNode o = method.path("detail").path("gpuPriorityOrder");
        if (!o.isArray()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        o.forEach(n -> names.add(n.asText()));
        return names;
    }
}
