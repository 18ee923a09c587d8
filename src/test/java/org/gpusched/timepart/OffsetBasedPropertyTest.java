package org.gpusched.timepart;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The offset-based analysis and the GPU server on random small systems (seeded): never below what
 * the simulation observes, never above the holistic bound of the same model. Systems and plans come
 * from {@link HolisticPropertyTest}; half of them queue their kernels to the GPU server.
 */
class OffsetBasedPropertyTest {
    private static final int CASES = HolisticPropertyTest.CASES;

    /** The same system with every kernel delay a kernel on the GPU server. */
    static HolisticPropertyTest.Sys server(HolisticPropertyTest.Sys s) {
        List<Flow> out = new ArrayList<>();
        for (Flow f : s.flows()) {
            List<Step> steps = f.steps().stream().map(x -> x instanceof Step.Delay d && d.kernel()
                    ? (Step) new Step.Gpu(d.max(), d.min(), d.origin()) : x).toList();
            out.add(new Flow(f.name(), f.period(), f.deadline(), f.offset(), f.jitter(), f.core(), f.priority(),
                    f.partition(), steps, f.bestEffort()));
        }
        return new HolisticPropertyTest.Sys(out, s.plan());
    }

    static HolisticPropertyTest.Sys random(Random rnd, int c) {
        HolisticPropertyTest.Sys s = HolisticPropertyTest.random(rnd, c % 2 == 0, c % 3 == 0, c % 5 == 0);
        return c % 4 < 2 ? server(s) : s;
    }

    @Test
    void offset_based_is_never_below_the_simulation() {
        assertSafe(true);
    }

    @Test
    void holistic_on_the_gpu_server_is_never_below_the_simulation() {
        assertSafe(false);
    }

    private static void assertSafe(boolean offset) {
        Random rnd = new Random(offset ? 31 : 32);
        int compared = 0;
        int gpu = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = random(rnd, c);
            HolisticResult r = offset ? OffsetBased.analyze(s.flows(), s.plan()) : Holistic.analyze(s.flows(), s.plan());
            boolean server = s.flows().stream().anyMatch(f -> f.steps().stream().anyMatch(x -> x instanceof Step.Gpu));
            int bounded = assertCoversSimulation(c, s, r);
            compared += bounded;
            gpu += server ? bounded : 0;
        }
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES / 2);
        assertThat(gpu).as("bounded flows with a GPU server compared").isGreaterThan(CASES / 8);
    }

    /**
     * Every bound against a simulation of case c: best cases at most, worst cases at least what the
     * simulation observes, and a bounded flow finishes every job. Returns the bounded flows.
     */
    static int assertCoversSimulation(int c, HolisticPropertyTest.Sys s, HolisticResult r) {
        List<FlowSimulator.Observed> obs = simulate(s, c);
        int bounded = 0;
        for (int f = 0; f < s.flows().size(); f++) {
            FlowBound b = r.flows().get(f);
            FlowSimulator.Observed o = obs.get(f);
            if (o.jobs() > 0) {
                assertThat(o.best()).as("case %d %s best case", c, b.flow()).isGreaterThanOrEqualTo(b.best());
            }
            if (b.wcrt().isEmpty()) {
                continue;
            }
            bounded++;
            assertThat(o.worst()).as("case %d %s: a flow with a bound finishes every job", c, b.flow()).isPresent();
            assertThat(o.worst().getAsLong()).as("case %d %s: %s", c, b.flow(), s)
                    .isLessThanOrEqualTo(b.wcrt().getAsLong());
        }
        return bounded;
    }

    static List<FlowSimulator.Observed> simulate(HolisticPropertyTest.Sys s, long seed) {
        long h = s.plan() == null ? 1 : s.plan().majorFrame();
        long maxOffset = 0;
        for (Flow f : s.flows()) {
            h = HolisticPropertyTest.lcm(h, f.period());
            maxOffset = Math.max(maxOffset, f.offset());
        }
        long releaseUntil = maxOffset + 3 * h;
        return FlowSimulator.run(s.flows(), s.plan(), releaseUntil, releaseUntil + 20 * h, new Random(seed));
    }

    @Test
    void offset_based_is_never_above_holistic() {
        Random rnd = new Random(33);
        int tighter = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = random(rnd, c);
            HolisticResult h = Holistic.analyze(s.flows(), s.plan());
            HolisticResult o = OffsetBased.analyze(s.flows(), s.plan());
            for (int f = 0; f < s.flows().size(); f++) {
                long hv = value(h.flows().get(f).wcrt());
                long ov = value(o.flows().get(f).wcrt());
                assertThat(ov).as("case %d flow %d: %s", c, f, s).isLessThanOrEqualTo(hv);
                tighter += ov < hv ? 1 : 0;
                assertThat(o.flows().get(f).best()).isEqualTo(h.flows().get(f).best());
            }
        }
        assertThat(tighter).as("flows the offsets make tighter").isPositive();
    }

    private static long value(OptionalLong v) {
        return v.orElse(Long.MAX_VALUE);
    }
}
