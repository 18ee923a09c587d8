package org.gpusched.timepart;

import org.gpusched.model.Ticks;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The offset-based analysis and the GPU server on random small systems (seeded): never below what
 * the simulation observes, never above the holistic bound of the same model, and the slanted
 * analysis never above the 1998 approximation. Systems and plans come
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

    /**
     * The system on the server with, after some kernels, a second kernel back to back; {@code
     * apart}: a zero-length delay between the two instead, which the server runs alike (the next
     * kernel is queued at the same instant) but which the analysis does not count as back to back.
     */
    static HolisticPropertyTest.Sys backToBack(HolisticPropertyTest.Sys s, long seed, boolean apart) {
        Random rnd = new Random(seed);
        List<Flow> out = new ArrayList<>();
        for (Flow f : server(s).flows()) {
            List<Step> steps = new ArrayList<>();
            for (Step x : f.steps()) {
                steps.add(x);
                if (x instanceof Step.Gpu && rnd.nextBoolean()) {
                    if (apart) {
                        steps.add(new Step.Delay(0, 0, false, "copy"));
                    }
                    long c = 1 + rnd.nextInt(5);
                    steps.add(new Step.Gpu(c, c, "gpu"));
                }
            }
            out.add(new Flow(f.name(), f.period(), f.deadline(), f.offset(), f.jitter(), f.core(), f.priority(),
                    f.partition(), steps, f.bestEffort()));
        }
        return new HolisticPropertyTest.Sys(out, s.plan());
    }

    /**
     * A (prio 2, T 100): 1 of CPU, then kernels of 2 and 3 back to back; B (prio 1): a kernel of 1.
     * B's kernel may start just before A's first is queued (blocking 1), A's kernels then run
     * 2–4 and 4–7: 7 is reached, and the second kernel finds the GPU free of B's (MAST's 7 too).
     * Charged to both kernels the blocking gave 8, which the same flow with a zero-length copy
     * between its kernels still gets (the analysis does not count that as a run).
     */
    @Test
    void blocking_is_charged_once_to_a_run_of_two_kernels() {
        Flow b = new Flow("B", 100, 100, 0, 0, -1, 1, null, List.of(new Step.Gpu(1, 1, "gpu")), false);
        Flow a = new Flow("A", 100, 100, 0, 0, 0, 2, null, List.of(new Step.Cpu(1, 1, "cpu"),
                new Step.Gpu(2, 2, "gpu"), new Step.Gpu(3, 3, "gpu")), false);
        Flow apart = new Flow("A", 100, 100, 0, 0, 0, 2, null, List.of(new Step.Cpu(1, 1, "cpu"),
                new Step.Gpu(2, 2, "gpu"), new Step.Delay(0, 0, false, "copy"), new Step.Gpu(3, 3, "gpu")), false);
        assertThat(OffsetBased.analyze(List.of(a, b), null).flows().get(0).wcrt()).hasValue(7);
        assertThat(OffsetBased.analyze(List.of(apart, b), null).flows().get(0).wcrt()).hasValue(8);
    }

    @Test
    void blocking_once_per_back_to_back_run_is_never_below_the_simulation() {
        Random rnd = new Random(34);
        int compared = 0;
        int tighter = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys base = HolisticPropertyTest.random(rnd, c % 2 == 0, c % 3 == 0, c % 5 == 0);
            HolisticPropertyTest.Sys s = backToBack(base, c, false);
            HolisticResult r = OffsetBased.analyze(s.flows(), s.plan());
            compared += assertCoversSimulation(c, s, r);
            HolisticResult apart = OffsetBased.analyze(backToBack(base, c, true).flows(), s.plan());
            tighter += notAbove(c, s, r, apart);
        }
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES / 2);
        assertThat(tighter).as("flows where blocking charged once per run is tighter").isPositive();
        System.out.printf("back-to-back kernels on the server: %d bounded flows within the simulation, %d tighter"
                + " than with blocking on every kernel%n", compared, tighter);
    }

    /**
     * The slanted analysis against the 1998 approximation it refines, on the same random systems
     * (half on the GPU server, some with a second kernel back to back): never looser, tighter on
     * some flows, never below the simulation.
     */
    @Test
    void slanted_is_never_above_the_approximation() {
        Random rnd = new Random(35);
        int tighter = 0;
        int compared = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = random(rnd, c);
            if (c % 3 == 1) {
                s = backToBack(s, c, false);
            }
            HolisticResult slanted = OffsetBased.analyze(s.flows(), s.plan());
            HolisticResult approx = OffsetBased.approximate(s.flows(), s.plan());
            tighter += notAbove(c, s, slanted, approx);
            compared += assertCoversSimulation(c, s, slanted);
        }
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES / 2);
        assertThat(tighter).as("flows the slanted interference makes tighter").isPositive();
        System.out.printf("slanted offset-based: %d bounded flows within the simulation, %d tighter than the"
                + " approximation%n", compared, tighter);
    }

    /**
     * A server asked for about its whole time (0.6 to 1.5 of it, some levels exactly 1): 1-4 flows of
     * 1-3 kernels, some followed by a second back to back, some with CPU work before, jitter on some,
     * deadlines T or 4T (a long window to walk).
     */
    static HolisticPropertyTest.Sys saturated(Random rnd) {
        long[] periods = {10, 20, 30, 40, 60};
        int n = 1 + rnd.nextInt(4);
        List<Flow> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t = periods[rnd.nextInt(periods.length)];
            List<Step> steps = new ArrayList<>();
            for (int j = 1 + rnd.nextInt(3); j > 0; j--) {
                if (rnd.nextInt(3) == 0) {
                    steps.add(new Step.Cpu(1 + rnd.nextInt(3), 1, "cpu"));
                }
                long c = 1 + rnd.nextInt((int) (t / n / 2) + 1);
                steps.add(new Step.Gpu(c, rnd.nextBoolean() ? c : 1, "gpu"));
                if (rnd.nextBoolean()) {
                    long d = 1 + rnd.nextInt((int) (t / n / 2) + 1);
                    steps.add(new Step.Gpu(d, d, "gpu"));
                }
            }
            long jitter = rnd.nextInt(3) == 0 ? rnd.nextInt((int) t) : 0;
            out.add(new Flow("f" + i, t, rnd.nextInt(3) == 0 ? 4 * t : t, rnd.nextInt(2) * rnd.nextInt((int) t),
                    jitter, 0, 10 - i / 2, null, steps, false));
        }
        return new HolisticPropertyTest.Sys(out, null);
    }

    /**
     * Saturated servers are concluded within a bounded number of steps (the budget polls, counted:
     * no timing), never below the simulation, and a kernel whose level asks for more than the
     * whole server makes its flow "> D". Before the cut-off some took over 10^7 polls.
     */
    @Test
    void a_saturated_server_is_concluded_in_a_bounded_number_of_steps() {
        Random rnd = new Random(36);
        long most = 0;
        int over = 0;
        int exact = 0;
        int compared = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = saturated(rnd);
            long[] polls = {0};
            HolisticResult r = OffsetBased.analyze(s.flows(), null, () -> polls[0]++);
            most = Math.max(most, polls[0]);
            assertThat(polls[0]).as("case %d: polls %s", c, s).isLessThan(1_000_000);
            compared += assertCoversSimulation(c, s, r);
            StepContention net = new StepContention(s.flows(), null);
            for (int f = 0; f < s.flows().size(); f++) {
                List<Step> steps = s.flows().get(f).steps();
                for (int k = 0; k < steps.size(); k++) {
                    long h = steps.get(k) instanceof Step.Gpu ? net.serverHorizon(f, k) : Ticks.BEYOND;
                    exact += h >= 0 && h < Ticks.BEYOND ? 1 : 0;
                    if (h < 0) {
                        over++;
                        assertThat(r.flows().get(f).wcrt()).as("case %d flow %d: %s", c, f, s).isEmpty();
                    }
                }
            }
        }
        assertThat(over).as("kernels over a saturated server").isGreaterThan(CASES / 4);
        assertThat(exact).as("kernels at a level asking for exactly the whole server").isPositive();
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES / 4);
        System.out.printf("saturated servers: %d bounded flows within the simulation, %d kernels over the server,"
                + " %d at exactly the server; at most %d polls per system%n", compared, over, exact, most);
    }

    /** One kernel asking for the whole server (C = T): its busy period ends with the job, and it is bounded by T. */
    @Test
    void a_kernel_asking_for_the_whole_server_is_bounded() {
        Flow a = new Flow("A", 10, 10, 0, 0, -1, 2, null, List.of(new Step.Gpu(10, 10, "gpu")), false);
        Flow b = new Flow("B", 20, 40, 0, 0, -1, 2, null, List.of(new Step.Gpu(5, 5, "gpu"), new Step.Gpu(5, 5, "gpu")),
                false);
        assertThat(OffsetBased.analyze(List.of(a), null).flows().get(0).wcrt()).hasValue(10);
        assertThat(OffsetBased.analyze(List.of(b), null).flows().get(0).wcrt()).hasValue(10);
        assertThat(OffsetBased.analyze(List.of(a, b), null).flows().get(1).wcrt()).isEmpty();
    }

    /**
     * Two kernels 1 and 4 back to back at the top priority (T 25) and a lower kernel of 1: the
     * first waits up to 1 (B's kernel started just before) and runs 1, the second follows: 6 (MAST's
     * offset_based too). The second kernel of the same activation is queued only once the first ends,
     * so it is not charged to the first (that gave 10).
     */
    @Test
    void a_kernel_is_not_charged_for_the_next_kernel_of_its_own_activation() {
        Flow a = new Flow("A", 25, 25, 0, 0, -1, 2, null, List.of(new Step.Gpu(1, 1, "gpu"), new Step.Gpu(4, 4, "gpu")),
                false);
        Flow b = new Flow("B", 25, 25, 0, 0, -1, 1, null, List.of(new Step.Gpu(1, 1, "gpu")), false);
        FlowBound r = OffsetBased.analyze(List.of(a, b), null).flows().get(0);
        assertThat(r.wcrt()).hasValue(6);
        assertThat(r.steps().get(0)).hasValue(2);
        assertThat(OffsetBased.approximate(List.of(a, b), null).flows().get(0).wcrt()).hasValue(6);
        assertThat(simulate(new HolisticPropertyTest.Sys(List.of(a, b), null), 1).get(0).worst().getAsLong())
                .isLessThanOrEqualTo(6);
    }

    /**
     * The mutation check: an analysis that leaves out a kernel's later kernels for every activation
     * (not only its own) is too low, and the comparison with the simulation on the saturated and the
     * back-to-back systems above catches it.
     */
    @Test
    void leaving_out_the_later_kernels_of_every_activation_is_caught() {
        Random rnd = new Random(36);
        int caught = 0;
        for (int c = 0; c < CASES && caught == 0; c++) {
            HolisticPropertyTest.Sys s = saturated(rnd);
            caught += belowSimulation(simulate(s, c),
                    OffsetBased.broken(s.flows(), null, OffsetBased.Mutant.LATER_KERNELS_OF_EVERY_ACTIVATION));
        }
        assertThat(caught).as("flows where the broken analysis is below the simulation").isPositive();
    }

    /**
     * A run of two kernels of 5 (A, the lowest priority, T 100) against B's kernel of 1 every 4: B's
     * first job starts at 0, A's kernels run 1–6 and, after B's second job (released at 4, run 6–7),
     * 7–12. Bounded as one segment counted to its end, the run is 12 (the kernel-by-kernel bound; the
     * segment gives 14, MAST's offset_based too); run as one non-preemptive kernel (start 1, end 11)
     * it would be 11, which the server exceeds: B's job runs between A's kernels.
     */
    @Test
    void a_run_of_kernels_is_not_one_non_preemptive_kernel() {
        Flow a = new Flow("A", 100, 100, 0, 0, -1, 1, null, List.of(new Step.Gpu(5, 5, "gpu"), new Step.Gpu(5, 5, "gpu")),
                false);
        Flow b = new Flow("B", 4, 8, 0, 0, -1, 2, null, List.of(new Step.Gpu(1, 1, "gpu")), false);
        List<Flow> flows = List.of(a, b);
        long seen = simulate(new HolisticPropertyTest.Sys(flows, null), 1).get(0).worst().getAsLong();
        assertThat(seen).isEqualTo(12);
        assertThat(OffsetBased.analyze(flows, null).flows().get(0).wcrt()).hasValue(12);
        assertThat(OffsetBased.broken(flows, null, OffsetBased.Mutant.RUN_AS_ONE_KERNEL).flows().get(0).wcrt())
                .hasValue(11);
    }

    /**
     * Systems where a run's segment bound matters: 2-4 flows on the server, each 1-2 runs of 1-3
     * kernels back to back (1-4 each, best case below now and then), CPU work on core 0 or 1 before
     * some runs, periods 10-200 (short ones at high priority: their kernels come between a run's
     * kernels), priorities 1-4 (ties too), release jitter on some, deadlines T to 4T; {@code apart}: a
     * zero-length copy between the kernels of every run (the server runs it alike; no run for the analysis).
     */
    static HolisticPropertyTest.Sys runs(Random rnd, boolean apart) {
        long[] periods = {10, 16, 20, 25, 40, 50, 100, 200};
        int n = 2 + rnd.nextInt(3);
        List<Flow> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t = periods[rnd.nextInt(periods.length)];
            List<Step> steps = new ArrayList<>();
            for (int r = 1 + rnd.nextInt(2); r > 0; r--) {
                if (rnd.nextInt(3) == 0) {
                    steps.add(new Step.Cpu(1 + rnd.nextInt(3), 1, "cpu"));
                }
                for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
                    long c = 1 + rnd.nextInt(4);
                    steps.add(new Step.Gpu(c, rnd.nextInt(4) == 0 ? 1 : c, "gpu"));
                    if (apart && k > 1) {
                        steps.add(new Step.Delay(0, 0, false, "copy"));
                    }
                }
            }
            int prio = t <= 16 ? 4 : 1 + rnd.nextInt(3);
            long jitter = rnd.nextInt(4) == 0 ? rnd.nextInt((int) t) : 0;
            out.add(new Flow("f" + i, t, t * (1 + rnd.nextInt(4)), 0, jitter, rnd.nextInt(2), prio, null, steps, false));
        }
        return new HolisticPropertyTest.Sys(out, null);
    }

    /**
     * A run of kernels bounded as one segment (other kernels counted up to its end, blocking once)
     * as well as kernel by kernel: never below the simulation (three jitter draws per system), never
     * above the same system without runs, and tighter there on some flows.
     */
    @Test
    void a_run_bounded_as_one_segment_is_never_below_the_simulation() {
        int compared = 0;
        int tighter = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = runs(new Random(c), false);
            HolisticResult r = OffsetBased.analyze(s.flows(), null);
            for (int seed = 0; seed < 3; seed++) {
                compared += assertCoversSimulation(3 * c + seed, s, r);
            }
            tighter += notAbove(c, s, r, OffsetBased.analyze(runs(new Random(c), true).flows(), null));
        }
        assertThat(compared / 3).as("bounded flows compared").isGreaterThan(CASES / 2);
        assertThat(tighter).as("flows a run's segment bound makes tighter").isPositive();
        System.out.printf("runs of kernels as segments: %d bounded flows within the simulation, %d tighter than"
                + " without runs%n", compared / 3, tighter);
    }

    /**
     * The mutation check of the segment bound: analysing a back-to-back run as one non-preemptive
     * kernel (other kernels counted up to its start) is too low, and the simulation catches it.
     */
    @Test
    void a_run_analysed_as_one_non_preemptive_kernel_is_caught() {
        int caught = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = runs(new Random(c), false);
            caught += belowSimulation(simulate(s, 3 * c),
                    OffsetBased.broken(s.flows(), null, OffsetBased.Mutant.RUN_AS_ONE_KERNEL));
        }
        System.out.printf("a run as one non-preemptive kernel: below the simulation on %d flows%n", caught);
        assertThat(caught).as("flows where the broken analysis is below the simulation").isPositive();
    }

    @Test
    void offset_based_is_never_above_holistic() {
        Random rnd = new Random(33);
        int tighter = 0;
        for (int c = 0; c < CASES; c++) {
            HolisticPropertyTest.Sys s = random(rnd, c);
            HolisticResult h = Holistic.analyze(s.flows(), s.plan());
            HolisticResult o = OffsetBased.analyze(s.flows(), s.plan());
            tighter += notAbove(c, s, o, h);
            for (int f = 0; f < s.flows().size(); f++) {
                assertThat(o.flows().get(f).best()).isEqualTo(h.flows().get(f).best());
            }
        }
        assertThat(tighter).as("flows the offsets make tighter").isPositive();
    }

    /** The flows a (broken) analysis bounds below what the simulation observes. */
    private static int belowSimulation(List<FlowSimulator.Observed> obs, HolisticResult r) {
        int below = 0;
        for (int f = 0; f < obs.size(); f++) {
            OptionalLong bound = r.flows().get(f).wcrt();
            OptionalLong seen = obs.get(f).worst();
            below += bound.isPresent() && (seen.isEmpty() || seen.getAsLong() > bound.getAsLong()) ? 1 : 0;
        }
        return below;
    }

    private static long value(OptionalLong v) {
        return v.orElse(Long.MAX_VALUE);
    }

    /** Asserts every flow's bound in {@code tight} at most its bound in {@code loose}; the flows strictly below. */
    private static int notAbove(int c, HolisticPropertyTest.Sys s, HolisticResult tight, HolisticResult loose) {
        int below = 0;
        for (int f = 0; f < s.flows().size(); f++) {
            long t = value(tight.flows().get(f).wcrt());
            long l = value(loose.flows().get(f).wcrt());
            assertThat(t).as("case %d flow %d: %s", c, f, s).isLessThanOrEqualTo(l);
            below += t < l ? 1 : 0;
        }
        return below;
    }
}
