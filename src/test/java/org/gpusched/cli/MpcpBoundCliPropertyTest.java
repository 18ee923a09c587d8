package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.rta.GpuSegment;
import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaPlatform;
import org.gpusched.rta.RtaTask;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.Simulator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every MPCP bound `compare` prints is at least what the simulator of the same policy observes
 * (docs/rta.md: a bound is never below a simulation of its policy), on random files whose lower-priority
 * tasks may overrun their periods or be best-effort: MPCP's lower-priority terms counted such a task's
 * requests as if each of its jobs ended within its period (docs/rta.md, correction (6)).
 */
class MpcpBoundCliPropertyTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final int SETS = 400;
    private static final long H = RtaWorkloadFiles.HYPERPERIOD;

    @Test
    void everyPrintedMpcpBoundIsAtLeastTheSimulatedResponse(@TempDir Path dir) throws Exception {
        RtaWorkloadFiles.Compared c = RtaWorkloadFiles.compareToSimulation(dir, "mpcp-busy,mpcp-suspend", 70_000L,
                SETS, false, H, 3 * H);
        assertThat(c.below()).as(c.below().size() + " bounds below the simulation").isEmpty();
        // The comparison means something only if many bounds were printed.
        assertThat(c.bounds()).isGreaterThan(SETS);
    }

    /**
     * The smallest case: `hi` (core 1) and `lo` (core 0, C + G = 50 > T = 24). θ_lo = ⌈(R + 24 − 40)/24⌉
     * was 0, so hi's printed bound was 3, no blocking; but lo, backlogged, holds the GPU while jobs of hi
     * request it (20–30: hi's job released at 24 waits from 25), and over a hyperperiod of releases the
     * simulation sees hi take 10. lo has no bound within its period, so its requests are not counted per
     * period: one blocking per request of hi, W_lo = G_lo + G_hi = 11, bound 3 + 11 = 14.
     */
    @Test
    void aLowerTaskWithoutABoundIsChargedEveryBlockingItCanCause(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("overrun.json");
        Files.writeString(f, """
                {"formatVersion": 2, "name": "overrun", "timeUnit": "tick", "platform": {"cpus": 2},
                 "tasks": [
                  {"name": "hi", "period": 24, "segments": [{"cpu": 1}, {"gpu": {"exec": 1}}, {"cpu": 1}],
                   "cpu": {"core": 1, "priority": 2}, "gpuPriority": 2},
                  {"name": "lo", "period": 24, "segments": [{"cpu": 20}, {"gpu": {"exec": 10}}, {"cpu": 20}],
                   "cpu": {"core": 0, "priority": 1}, "gpuPriority": 1}]}
                """);
        RtaWorkload w = new RtaWorkload(List.of(
                new RtaTask("hi", 24, 24, List.of(1L, 1L), List.of(new GpuSegment(0, 1)), 1, 2, 2, false),
                new RtaTask("lo", 24, 24, List.of(20L, 20L), List.of(new GpuSegment(0, 10)), 0, 1, 1, false)),
                new RtaPlatform(2, 1, 0, 0));
        for (RtaMethod m : List.of(RtaMethod.MPCP_BUSY, RtaMethod.MPCP_SUSPEND)) {
            CliRunner r = CliRunner.run("analyze", f.toString(), "--method", m.id(), "--format", "json");
            assertThat(r.code()).as(r.err()).isEqualTo(1);
            JsonNode tasks = M.readTree(r.out()).get("tasks");
            assertThat(tasks.get(0).get("responseTime").asLong()).as(m.id()).isEqualTo(14);
            assertThat(tasks.get(1).get("responseTime").isNull()).isTrue();
            assertThat(Simulator.run(w, m, H, 3 * H).observed("hi")).hasValue(10);
        }
    }
}
