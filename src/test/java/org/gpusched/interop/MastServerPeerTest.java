package org.gpusched.interop;

import org.gpusched.Peers;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.FlowBound;
import org.gpusched.timepart.FlowSimulator;
import org.gpusched.timepart.Holistic;
import org.gpusched.timepart.Step;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holistic analysis with the GPU server (platform.gpuAccess: server) against MAST's {@code
 * mast_analysis holistic} on the same exported model, where the server is a processor with a
 * non-preemptive fixed-priority policy. MAST's non-preemptive step (Holistic_Task_FP) gives a
 * kernel's worst response as J + w + C − qT, leaving out the kernel's offset O, the best-case
 * completion of the step before it, that its preemptive step adds (R = O + J + w − (q − 1)T); its
 * busy period also takes every kernel's initial jitter, not the one its predecessors pass on. Where
 * every kernel is its flow's first step both are zero and MAST must equal ours flow by flow (or fall
 * in MastPeerTest's other classes); elsewhere MAST may be below ours, and only then, and its bound is
 * counted against what the server simulator observes. -Dpeers.mastserver.cases=N sets the count.
 */
@Tag("peers")
class MastServerPeerTest {
    static final int CASES = Integer.getInteger("peers.mastserver.cases", 900);
    private final Path dir = Path.of("target", "peers-mast-server").toAbsolutePath();

    /**
     * The smallest case of the missing offset: a's kernel queues after 1,000 of CPU work; b's
     * lower-priority kernel of 5,000 may start 1 before. MAST bounds a at 6,000; the server runs it
     * to 6,999; ours gives 7,000.
     */
    @Test
    void mast_leaves_out_the_offset_of_a_kernel_and_is_below_the_simulation() throws IOException {
        Flow a = new Flow("a", 10_000, 10_000, 0, 0, 0, 10, null,
                List.of(new Step.Cpu(1000, 1000, "cpu"), new Step.Gpu(1000, 1000, "gpu")), false);
        Flow b = new Flow("b", 10_000, 10_000, 999, 0, 0, 5, null, List.of(new Step.Gpu(5000, 5000, "gpu")), false);
        List<Flow> flows = List.of(a, b);
        MastModel model = MastModel.of("offset_left_out", flows, List.of(0, 0));
        MastPeerTest.MastResult m = MastPeerTest.analyse(dir, Peers.mastAnalysis(), "holistic",
                MastText.write(model, List.of("the offset MAST's non-preemptive step leaves out")), "counterexample");
        long seen = FlowSimulator.run(flows, null, 10_000, 30_000, null).get(0).worst().orElseThrow();
        assertThat(seen).isEqualTo(6999);
        assertThat(m.wcrt().get("a")).as(m.log()).isEqualTo(6000.0);
        assertThat(Holistic.analyze(flows, null).flows().get(0).wcrt()).hasValue(7000);
    }

    @Test
    void random_systems_on_the_gpu_server_against_mast_holistic() throws IOException {
        Path mast = Peers.mastAnalysis();
        Random rnd = new Random(20261126);
        MastPeerTest.Tally tally = new MastPeerTest.Tally();
        int firstOnly = 0;
        int mastBelow = 0;
        int mastBelowSimulation = 0;
        for (int c = 0; c < CASES; c++) {
            boolean first = c % 3 == 0;
            List<Flow> flows = onServer(MastPeerTest.randomFlows(rnd, 1 + rnd.nextInt(4), false, c % 2 == 0), rnd, first);
            firstOnly += first ? 1 : 0;
            List<Integer> coreOf = flows.stream().map(f -> Math.max(f.core(), 0)).toList();
            MastModel model = MastModel.of("server_" + c, flows, coreOf);
            List<String> ids = model.tasks().stream().map(MastModel.Task::id).toList();
            MastPeerTest.MastResult m = MastPeerTest.analyse(dir, mast, "holistic",
                    MastText.write(model, List.of("random system " + c + " on the GPU server")), "random");
            String what = "case " + c + (first ? " (kernels first only)" : "");
            assertThat(m.status()).as(what + "\n" + m.log()).isIn("DONE", "NOT-SCHEDULABLE");
            tally.models++;
            List<FlowBound> ours = Holistic.analyze(flows, null).flows();
            boolean someOverInMast = false;
            for (int i = 0; i < flows.size(); i++) {
                Double v = m.wcrt().get(ids.get(i).toLowerCase(Locale.ROOT));
                someOverInMast |= v == null || v > flows.get(i).deadline();
            }
            List<Integer> below = new ArrayList<>();
            for (int i = 0; i < flows.size(); i++) {
                Double v = m.wcrt().get(ids.get(i).toLowerCase(Locale.ROOT));
                OptionalLong r = ours.get(i).wcrt();
                // ours "> D" behind a flow over its deadline in MAST is MastPeerTest's class, not this one
                boolean mastBelowOurs = v != null && v < 1e99 && (r.isEmpty() ? !someOverInMast
                        && v <= flows.get(i).deadline() : v < r.getAsLong() - 1e-3);
                if (mastBelowOurs && !first) {
                    below.add(i);
                }
            }
            if (below.isEmpty()) {
                // MastPeerTest's classes (the server adds none where MAST's left-out terms are zero)
                MastPeerTest.compare(flows, ids, m, tally, what);
                continue;
            }
            assertThat(kernelAfterAStep(flows)).as("MAST below ours only with a kernel that is not first: " + what)
                    .isTrue();
            mastBelow += below.size();
            List<FlowSimulator.Observed> seen = simulate(flows, c);
            for (int i : below) {
                Double v = m.wcrt().get(ids.get(i).toLowerCase(Locale.ROOT));
                OptionalLong o = seen.get(i).worst();
                mastBelowSimulation += o.isEmpty() || o.getAsLong() > v + 1e-3 ? 1 : 0;
            }
            tally.serverTighterInMast += below.size();
            // the other flows of such a system: against the simulation only (MAST's jitters differ from ours there)
            for (int i = 0; i < flows.size(); i++) {
                OptionalLong r = ours.get(i).wcrt();
                OptionalLong o = seen.get(i).worst();
                if (r.isPresent()) {
                    assertThat(o).as(what + " flow " + ids.get(i)).isPresent();
                    assertThat(o.getAsLong()).as(what + " flow " + ids.get(i)).isLessThanOrEqualTo(r.getAsLong());
                }
            }
        }
        System.out.println("MAST holistic with the GPU server, " + CASES + " random systems (" + firstOnly
                + " with kernels only as first steps): " + tally + "; MAST below ours on " + mastBelow
                + " flows (all in systems with a kernel after a step), " + mastBelowSimulation
                + " of them below what the server simulator observes");
        assertThat(tally.flowsEqual).isGreaterThan(CASES);
    }

    /** Some kernel has a step before it in its flow (so an offset and a propagated jitter). */
    private static boolean kernelAfterAStep(List<Flow> flows) {
        return flows.stream().anyMatch(f -> f.steps().stream().skip(1).anyMatch(s -> s instanceof Step.Gpu));
    }

    /** Several runs with random phases and release jitter drawn. */
    private static List<FlowSimulator.Observed> simulate(List<Flow> flows, long seed) {
        Random rnd = new Random(seed);
        long h = 1;
        for (Flow f : flows) {
            h = h / gcd(h, f.period()) * f.period();
        }
        List<FlowSimulator.Observed> worst = null;
        for (int run = 0; run < 8; run++) {
            List<Flow> phased = new ArrayList<>();
            for (Flow f : flows) {
                phased.add(new Flow(f.name(), f.period(), f.deadline(), rnd.nextInt((int) f.period()), f.jitter(),
                        f.core(), f.priority(), f.partition(), f.steps(), f.bestEffort()));
            }
            List<FlowSimulator.Observed> o = FlowSimulator.run(phased, null, 3 * h + 200, 23 * h + 200, rnd);
            if (worst == null) {
                worst = new ArrayList<>(o);
            } else {
                for (int i = 0; i < o.size(); i++) {
                    OptionalLong a = worst.get(i).worst();
                    OptionalLong b = o.get(i).worst();
                    if (b.isEmpty() || a.isPresent() && b.getAsLong() > a.getAsLong()) {
                        worst.set(i, o.get(i));
                    }
                }
            }
        }
        return worst;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /**
     * Some kernel delays become kernels on the server (never a zero-length one, which a workload
     * drops); {@code firstOnly}: only a flow's first step, the rest stay delays.
     */
    private static List<Flow> onServer(List<Flow> flows, Random rnd, boolean firstOnly) {
        List<Flow> out = new ArrayList<>();
        for (Flow f : flows) {
            List<Step> steps = new ArrayList<>();
            for (Step s : f.steps()) {
                boolean can = s instanceof Step.Delay d && d.kernel() && d.max() > 0 && (!firstOnly || steps.isEmpty());
                steps.add(can && rnd.nextInt(4) != 0 ? new Step.Gpu(s.max(), s.max(), "gpu.exec") : s);
            }
            out.add(new Flow(f.name(), f.period(), f.deadline(), f.offset(), f.jitter(), f.core(), f.priority(),
                    f.partition(), steps, f.bestEffort()));
        }
        return out;
    }
}
