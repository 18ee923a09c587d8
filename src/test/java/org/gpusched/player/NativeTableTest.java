package org.gpusched.player;

import org.gpusched.input.TaskSetReader;
import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the CUDA table player is given for a workload with chains, copies and kernel kinds
 * (src/test/resources/cases/pbs-copies.json: cam = H2D 200, pre (memory) 300, net (compute) 900,
 * D2H 100; lidar = H2D 150, one memory kernel 700, D2H 50; us), and how its output is read back:
 * the same report fields as the simulated device's.
 */
class NativeTableTest {
    static final Path CASE = Path.of("src/test/resources/cases/pbs-copies.json");
    static final long TICK_NS = 1000;

    private static TaskSet ts() {
        return new TaskSetReader().read(CASE);
    }

    @Test
    void kernelsArePerUnitOnTheirTasksStreamWithCopyBuffersForTheLongestCopies() {
        NativeTable.Kernels k = NativeTable.kernels(ts(), TICK_NS);
        assertThat(k.unitTask()).containsExactly(0, 0, 1);
        assertThat(k.blocks()).containsExactly(8, 16, 4);
        assertThat(k.threads()).containsExactly(256, 256, 128);
        assertThat(k.kinds()).containsExactly(KernelKind.MEMORY.ordinal(), KernelKind.COMPUTE.ordinal(),
                KernelKind.MEMORY.ordinal());
        assertThat(k.modules()).containsOnlyNulls();
        assertThat(k.maxH2dNs()).isEqualTo(200_000);
        assertThat(k.maxD2hNs()).isEqualTo(100_000);
    }

    @Test
    void runGivesEachItemItsUnitKernelTimeAndCopies() {
        TaskSet ts = ts();
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 2);
        long[] d = ExecTime.WCET.durations(plan, 1);
        NativeTable.Run r = NativeTable.run(plan, Mode.TIME_TRIGGERED, d, TICK_NS);
        assertThat(r.entries()).isEqualTo(plan.entries());
        assertThat(r.out()).hasSize(4 * plan.entries() + 6 * plan.items());
        int batch = -1;
        for (int e = 0; e < plan.entries(); e++) {
            assertThat(r.first()[e]).isEqualTo(plan.first(e));
            assertThat(r.target()[e]).isEqualTo(plan.plannedStart(e) * TICK_NS);
            if (plan.first(e + 1) - plan.first(e) == 2 && batch < 0) {
                batch = e;
            }
        }
        for (int i = 0; i < plan.items(); i++) {
            assertThat(r.unit()[i]).isEqualTo(plan.unit(i));
            assertThat(ts.units().get(r.unit()[i]).name() + "#" + plan.job(i)).isEqualTo(plan.label(i));
        }
        // {cam.pre, lidar}: copies 200 + 150 in, 50 out; kernels max(300 * 1.5, 700 * 1.2) = 840, each asked for it.
        assertThat(batch).isNotNegative();
        int i = plan.first(batch);
        assertThat(plan.completion(batch)).isEqualTo(200 + 150 + 840 + 50);
        assertThat(new long[] {r.h2dNs()[i], r.h2dNs()[i + 1]}).containsExactly(200_000, 150_000);
        assertThat(new long[] {r.d2hNs()[i], r.d2hNs()[i + 1]}).containsExactly(0, 50_000);
        assertThat(new long[] {r.kernelNs()[i], r.kernelNs()[i + 1]}).containsExactly(840_000, 840_000);
        // cam.net: the chain's second kernel, in a later frame, on the same stream, with cam's D2H.
        int net = ts.units().stream().filter(u -> u.name().equals("cam.net")).findFirst().orElseThrow().index();
        int at = java.util.stream.IntStream.range(0, plan.items()).filter(x -> r.unit()[x] == net).findFirst().orElseThrow();
        assertThat(at).isGreaterThan(i + 1);
        assertThat(r.h2dNs()[at]).isZero();
        assertThat(r.d2hNs()[at]).isEqualTo(100_000);
        assertThat(r.kernelNs()[at]).isEqualTo(900_000);
        // The second hyperperiod's entries start one hyperperiod later.
        int perHp = plan.entriesPerHyperperiod();
        assertThat(r.target()[perHp] - r.target()[0]).isEqualTo(ts.hyperperiod() * TICK_NS);
    }

    @Test
    void reclaimTargetsAreLatestReleases() {
        TaskSet ts = ts();
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 1);
        NativeTable.Run r = NativeTable.run(plan, Mode.RECLAIM, ExecTime.WCET.durations(plan, 1), TICK_NS);
        for (int e = 0; e < plan.entries(); e++) {
            assertThat(r.target()[e]).isEqualTo(plan.latestRelease(e) * TICK_NS);
        }
    }

    /**
     * The native output of a run that timed everything exactly as asked (the simulated device's
     * trace in ns, laid out as gpusched_player.cu writes it) reads back into the same report rows,
     * scaled: CUDA and the simulator report the same fields.
     */
    @Test
    void nativeOutputReadsBackIntoTheSimulatorsReport() {
        TaskSet ts = ts();
        UnrolledTable plan = UnrolledTable.of(ts, PlayerFixtures.table(ts), "t.json", 2);
        long[] d = new ExecTime(0.5, 1.0, "uniform:0.5..1.0").durations(plan, 7);
        Trace sim = new SimDevice().play(plan, Mode.TIME_TRIGGERED, d);
        NativeTable.Run r = NativeTable.run(plan, Mode.TIME_TRIGGERED, d, TICK_NS);
        long[] out = r.out();
        int n = plan.entries();
        int m = plan.items();
        for (int e = 0; e < n; e++) {
            out[e] = sim.entryStart()[e] * TICK_NS;
            out[n + e] = out[e];
            out[2 * n + e] = sim.entryEnd()[e] * TICK_NS;
            out[3 * n + e] = r.target()[e];
        }
        long[][] items = {sim.itemStart(), sim.itemFinish(), sim.copies().h2dStart(), sim.copies().h2dEnd(),
                sim.copies().d2hStart(), sim.copies().d2hEnd()};
        for (int a = 0; a < items.length; a++) {
            for (int i = 0; i < m; i++) {
                out[4 * n + a * m + i] = items[a][i] < 0 ? -1 : items[a][i] * TICK_NS;
            }
        }
        Trace cuda = NativeTable.trace("cuda", TICK_NS, r, out, List.of());
        PlayResult a = PlayResult.of(plan, Mode.TIME_TRIGGERED, sim);
        PlayResult b = PlayResult.of(plan, Mode.TIME_TRIGGERED, cuda);
        assertThat(b.jobs()).hasSameSizeAs(a.jobs());
        for (int j = 0; j < a.jobs().size(); j++) {
            PlayResult.JobRow x = a.jobs().get(j);
            PlayResult.JobRow y = b.jobs().get(j);
            assertThat(y.start()).isEqualTo(x.start() * TICK_NS);
            assertThat(y.finish()).isEqualTo(x.finish() * TICK_NS);
            PlayResult.Ops p = x.ops();
            PlayResult.Ops q = y.ops();
            assertThat(new long[] {q.kernelModel(), q.kernelTime(), q.h2dModel(), q.h2dTime(), q.d2hModel(), q.d2hTime()})
                    .containsExactly(p.kernelModel() * TICK_NS, p.kernelTime() * TICK_NS, p.h2dModel() * TICK_NS,
                            p.h2dTime() * TICK_NS, p.d2hModel() * TICK_NS, p.d2hTime() * TICK_NS);
        }
        assertThat(PlayResult.OpError.of(b.jobs())).isEqualTo(new PlayResult.OpError(m, 0, 6 * 2, 0));
        assertThat(b.summary().misses()).isEqualTo(a.summary().misses());
    }
}
