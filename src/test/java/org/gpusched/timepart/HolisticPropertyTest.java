package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of the holistic analysis on random small systems (seeded). The case count is sized for
 * the build; -Dtimepart.cases=N runs a longer soak (docs/testing.md).
 */
class HolisticPropertyTest {
    static final int CASES = Integer.getInteger("timepart.cases", 1500);
    private static final long[] PERIODS = {10, 20, 30, 40, 60};

    record Sys(List<Flow> flows, Platform.TimePartitions plan) { }

    /** 1-4 flows on 1-2 cores, 1-4 steps each; with a plan of two partitions A and B (or none). */
    static Sys random(Random rnd, boolean withPlan, boolean offsets) {
        return random(rnd, withPlan, offsets, false);
    }

    /** As above; {@code jitter}: some flows get an external release jitter up to T/2. */
    static Sys random(Random rnd, boolean withPlan, boolean offsets, boolean jitter) {
        int cores = 1 + rnd.nextInt(2);
        int n = 1 + rnd.nextInt(4);
        List<Flow> flows = new ArrayList<>();
        int[] nextPrio = new int[cores];
        for (int i = 0; i < n; i++) {
            long t = PERIODS[rnd.nextInt(PERIODS.length)];
            long d = t / 2 + rnd.nextInt((int) (t / 2) + 1);
            int core = rnd.nextInt(cores);
            List<Step> steps = new ArrayList<>();
            int k = 1 + rnd.nextInt(4);
            boolean cpu = rnd.nextInt(4) != 0;
            for (int j = 0; j < k; j++) {
                if (cpu) {
                    long c = 1 + rnd.nextInt(4);
                    steps.add(new Step.Cpu(c, c, "cpu"));
                } else {
                    long x = 1 + rnd.nextInt(5);
                    steps.add(new Step.Delay(x, x, true, "gpu"));
                }
                cpu = !cpu;
            }
            String part = withPlan ? (rnd.nextBoolean() ? "A" : "B") : null;
            long offset = offsets ? rnd.nextInt((int) t) : 0;
            long j = jitter && rnd.nextBoolean() ? rnd.nextInt((int) t / 2 + 1) : 0;
            flows.add(new Flow("f" + i, t, d, offset, j, core, 100 - nextPrio[core]++ * 3 - rnd.nextInt(2), part,
                    steps, false));
        }
        // Priorities were handed out in flow order per core; shuffle who gets which.
        java.util.Collections.shuffle(flows, rnd);
        return new Sys(flows, withPlan ? plan(rnd, cores) : null);
    }

    /** MAF 10 or 20; per core, the frame cut into windows taken alternately by A and B. */
    static Platform.TimePartitions plan(Random rnd, int cores) {
        long maf = rnd.nextBoolean() ? 10 : 20;
        long overhead = rnd.nextInt(3) == 0 ? 1 : 0;
        List<Platform.Window> a = new ArrayList<>();
        List<Platform.Window> b = new ArrayList<>();
        for (int c = 0; c < cores; c++) {
            long at = rnd.nextInt(3);
            boolean toA = rnd.nextBoolean();
            while (at < maf) {
                long len = Math.min(maf - at, 2 + rnd.nextInt((int) maf / 2));
                if (len > overhead) {
                    (toA ? a : b).add(new Platform.Window(at, len, OptionalInt.of(c)));
                }
                toA = !toA;
                at += len + (rnd.nextInt(3) == 0 ? 1 : 0);
            }
        }
        List<Platform.Partition> ps = new ArrayList<>();
        ps.add(new Platform.Partition("A", a));
        ps.add(new Platform.Partition("B", b));
        return new Platform.TimePartitions(maf, overhead, ps);
    }

    static long lcm(long a, long b) {
        return a / gcd(a, b) * b;
    }

    static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @Test
    void the_bound_is_never_below_what_the_simulation_observes() {
        Random rnd = new Random(2026);
        int compared = 0;
        for (int c = 0; c < CASES; c++) {
            Sys s = random(rnd, c % 2 == 0, c % 3 == 0, c % 5 == 0);
            HolisticResult r = Holistic.analyze(s.flows(), s.plan());
            compared += OffsetBasedPropertyTest.assertCoversSimulation(c, s, r);
        }
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES / 2);
    }

    /**
     * The GPU server alone, on twice the build's case count: every kernel delay of the random
     * system queued to the server, offsets and release jitter on some, with and without a plan.
     */
    @Test
    void holistic_with_the_gpu_server_is_never_below_the_simulation() {
        Random rnd = new Random(2611);
        int compared = 0;
        int withKernels = 0;
        for (int c = 0; c < 2 * CASES; c++) {
            Sys s = OffsetBasedPropertyTest.server(random(rnd, c % 3 == 0, c % 2 == 0, c % 5 < 2));
            withKernels += s.flows().stream().anyMatch(f -> f.steps().stream().anyMatch(x -> x instanceof Step.Gpu))
                    ? 1 : 0;
            compared += OffsetBasedPropertyTest.assertCoversSimulation(c, s, Holistic.analyze(s.flows(), s.plan()));
        }
        assertThat(withKernels).as("systems with kernels on the server").isGreaterThan(CASES);
        assertThat(compared).as("bounded flows compared").isGreaterThan(CASES);
    }

    /**
     * A kernel's response counts from its predecessor's worst completion, offset included: a's
     * kernel is queued after 1,000 of CPU work, just after b's lower-priority kernel of 5,000 started,
     * and ends at 6,999. Leaving the offset (1,000) out, as J + w + C with J = 0, w = 5,000 would,
     * gives 6,000, below it.
     */
    @Test
    void a_kernel_after_cpu_work_keeps_its_offset() {
        Flow a = new Flow("a", 10_000, 10_000, 0, 0, 0, 10, null,
                List.of(new Step.Cpu(1000, 1000, "cpu"), new Step.Gpu(1000, 1000, "gpu")), false);
        Flow b = new Flow("b", 10_000, 10_000, 999, 0, 0, 5, null, List.of(new Step.Gpu(5000, 5000, "gpu")), false);
        long seen = FlowSimulator.run(List.of(a, b), null, 10_000, 30_000, null).get(0).worst().orElseThrow();
        assertThat(seen).isEqualTo(6999);
        assertThat(Holistic.analyze(List.of(a, b), null).flows().get(0).wcrt()).hasValue(7000);
    }

    @Test
    void one_partition_covering_the_whole_frame_equals_no_partition() {
        Random rnd = new Random(7);
        for (int c = 0; c < CASES; c++) {
            Sys s = random(rnd, false, false);
            List<Flow> inAll = s.flows().stream().map(f -> new Flow(f.name(), f.period(), f.deadline(), f.offset(),
                    f.jitter(), f.core(), f.priority(), "ALL", f.steps(), f.bestEffort())).toList();
            long maf = 1 + rnd.nextInt(50);
            Platform.TimePartitions whole = new Platform.TimePartitions(maf, 0, List.of(new Platform.Partition("ALL",
                    List.of(new Platform.Window(0, maf, OptionalInt.empty())))));
            assertThat(Holistic.analyze(inAll, whole).flows()).as("case %d", c)
                    .isEqualTo(Holistic.analyze(s.flows(), null).flows());
        }
    }

    @Test
    void response_times_are_monotone_in_wcets() {
        Random rnd = new Random(99);
        for (int c = 0; c < CASES; c++) {
            Sys s = random(rnd, c % 2 == 0, false);
            HolisticResult before = Holistic.analyze(s.flows(), s.plan());
            // Raise one CPU step's WCET (its best case stays: the jitter it passes on can only grow).
            List<Flow> flows = new ArrayList<>(s.flows());
            int f = rnd.nextInt(flows.size());
            Flow x = flows.get(f);
            List<Step> steps = new ArrayList<>(x.steps());
            int k = rnd.nextInt(steps.size());
            if (!(steps.get(k) instanceof Step.Cpu cpu)) {
                continue;
            }
            steps.set(k, new Step.Cpu(cpu.wcet() + 1 + rnd.nextInt(3), cpu.bcet(), cpu.origin()));
            flows.set(f, new Flow(x.name(), x.period(), x.deadline(), x.offset(), x.jitter(), x.core(), x.priority(),
                    x.partition(), steps, x.bestEffort()));
            HolisticResult after = Holistic.analyze(flows, s.plan());
            for (int i = 0; i < flows.size(); i++) {
                assertThat(value(after.flows().get(i).wcrt())).as("case %d flow %d", c, i)
                        .isGreaterThanOrEqualTo(value(before.flows().get(i).wcrt()));
            }
        }
    }

    private static long value(OptionalLong v) {
        return v.orElse(Long.MAX_VALUE);
    }
}
