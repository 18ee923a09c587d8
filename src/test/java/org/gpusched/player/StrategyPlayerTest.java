package org.gpusched.player;

import org.gpusched.copyexec.CopySim;
import org.gpusched.copyexec.CopySimulator;
import org.gpusched.copyexec.CopyWorkload;
import org.gpusched.copyexec.Strategy;
import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The player on the simulated device (a queue machine) measures exactly the timeline the
 * simulator computes, for every strategy and engine count: on the example and on seeded random
 * workloads (-Dgpusched.copyexec.player.sets=N, default 100), with WCETs and with a fixed fraction.
 */
class StrategyPlayerTest {
    private static final int SETS = Integer.getInteger("gpusched.copyexec.player.sets", 100);

    private static CopyWorkload copy(Workload w) {
        return ((CopyWorkload.Fits) CopyWorkload.of(w)).workload();
    }

    private static void same(CopyWorkload w, String at) {
        for (Strategy s : Strategy.values()) {
            CopySim sim = CopySimulator.run(w, s, null);
            CopySim played = StrategyPlayer.play(w, s, new SimCopyDevice(w.engines(), "tick"), ExecTime.WCET, 1);
            assertThat(played.jobs()).as("%s %s jobs", at, s.id()).isEqualTo(sim.jobs());
            assertThat(played.ops()).as("%s %s operations", at, s.id()).isEqualTo(sim.ops());
            assertThat(played.batchStarts()).as("%s %s batches", at, s.id()).isEqualTo(sim.batchStarts());
            // A fraction of the WCETs, the same rounding on both sides.
            ExecTime half = ExecTime.parse("fixed:0.6");
            CopySim simHalf = CopySimulator.run(w, s, (task, job, kind, wcet) -> StrategyPlayer.time(wcet, 0.6), null);
            CopySim playedHalf = StrategyPlayer.play(w, s, new SimCopyDevice(w.engines(), "tick"), half, 1);
            assertThat(playedHalf.ops()).as("%s %s at 0.6", at, s.id()).isEqualTo(simHalf.ops());
        }
    }

    @Test
    void measuredTimelineEqualsSimulatedOnTheExample() {
        Workload w = new WorkloadReader().read(Path.of("examples/copy-exec-video.json"));
        same(copy(w), "example");
    }

    @Test
    void measuredTimelineEqualsSimulatedOnRandomWorkloads() {
        for (long seed = 1; seed <= SETS; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            StringBuilder b = new StringBuilder("{\"formatVersion\":2,\"platform\":{\"copyEngines\":")
                    .append(1 + r.nextInt(2)).append("},\"gpu\":{\"sms\":2,\"maxBlocksPerSm\":2,\"maxThreadsPerSm\":512},")
                    .append("\"interference\":{\"model\":\"slowdown\",\"factors\":{\"t0\":1.5}},\"tasks\":[");
            int n = 2 + r.nextInt(3);
            long[] periods = {10, 20, 40};
            for (int i = 0; i < n; i++) {
                long p = periods[r.nextInt(3)];
                b.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "{\"name\":\"t%d\",\"period\":%d,"
                        + "\"deadline\":%d,\"segments\":[{\"copy\":{\"to\":\"device\",\"time\":%d}},{\"gpu\":{\"exec\":%d,"
                        + "\"kernel\":{\"blocks\":%d,\"threadsPerBlock\":128}}},{\"copy\":{\"to\":\"host\",\"time\":%d}}]}",
                        i, p, p / 2 + r.nextInt((int) p / 2 + 1), r.nextInt(6), r.nextInt(7), 1 + r.nextInt(3),
                        r.nextInt(6)));
            }
            b.append("]}");
            same(copy(new WorkloadReader().read("random-" + seed + ".json", b.toString())), "seed " + seed);
        }
    }
}
