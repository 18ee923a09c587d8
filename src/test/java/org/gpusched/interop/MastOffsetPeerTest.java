package org.gpusched.interop;

import org.gpusched.Peers;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Workload;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.FlowBound;
import org.gpusched.timepart.FlowSimulator;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.OffsetBased;
import org.gpusched.timepart.Step;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MAST-1 exports analysed by MAST's two offset-based tools against ours: {@code offset_based_approx}
 * (Palencia and González Harbour's approximation) against {@link OffsetBased#approximate}, and
 * {@code offset_based} (MAST's default, the slanted analysis of Mäki-Turja and Nolin) against
 * {@link OffsetBased#analyze}, the analysis of method {@code offset-based}. Models: every example
 * without a plan; random systems of 1-4 cores (MastPeerTest's generator, a third with kernels on the
 * GPU server); and dense single-core systems of 3-6 flows with 2-4 CPU steps each, where the
 * slanted interference matters. Per flow the outcome must fall in one of the classes
 * docs/interop.md explains: equal WCRT; over the deadline in both; "> D" for us only in a system
 * where some flow is over its deadline in MAST (we then count the overrunning flow's jitter as
 * unknown); MAST stopped (1.0E+100) where we have a flow over its deadline too; MAST above ours only
 * for a flow whose kernels queue on the non-preemptive GPU server. MAST below ours fails: a run of
 * kernels back to back, which MAST analyses as one segment, is bounded as one by ours too.
 * -Dpeers.mastob.cases=N sets the random count.
 */
@Tag("peers")
class MastOffsetPeerTest {
    static final int CASES = Integer.getInteger("peers.mastob.cases", 600);
    private static final long[] DENSE_PERIODS = {100, 150, 200, 300, 400, 600};
    private final Path dir = Path.of("target", "peers-mast-offset").toAbsolutePath();

    /** One MAST tool and the analysis of ours it corresponds to. */
    private record Pair(String technique, Function<List<Flow>, List<FlowBound>> ours) { }

    private static final List<Pair> PAIRS = List.of(
            new Pair("offset_based_approx", f -> OffsetBased.approximate(f, null).flows()),
            new Pair("offset_based", f -> OffsetBased.analyze(f, null).flows()));

    /** Counts of one comparison run. */
    static final class Tally {
        int models;
        int equal;
        int overInBoth;
        int oursOverOnly;
        int mastStopped;
        int mastLooserServer;

        @Override
        public String toString() {
            return models + " models; flows with equal WCRT " + equal + ", over the deadline in both " + overInBoth
                    + ", '> D' for us only behind a flow over its deadline in MAST " + oursOverOnly
                    + ", in systems where MAST stopped " + mastStopped + ", MAST looser on the non-preemptive server "
                    + mastLooserServer;
        }
    }

    @Test
    void every_example_agrees_with_both_mast_offset_tools() throws IOException {
        Path mast = Peers.mastAnalysis();
        List<Path> examples;
        try (Stream<Path> s = Files.list(Path.of("examples"))) {
            examples = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Pair pair : PAIRS) {
            Tally tally = new Tally();
            for (Path p : examples) {
                Workload w = new WorkloadReader().read(p);
                if (Flows.whyNot(w) != null || w.platform().timePartitions() != null) {
                    continue; // MAST-1 has no time partitions
                }
                List<String> ids = MastModel.of(w).tasks().stream().map(MastModel.Task::id).toList();
                compare(mast, pair, Flows.of(w), ids, MastText.write(w), p.toString(), tally);
            }
            System.out.println("MAST " + pair.technique() + " peers, examples: " + tally);
            assertThat(tally.models).isGreaterThanOrEqualTo(10);
            assertThat(tally.equal).isPositive();
        }
    }

    @Test
    void random_systems_agree_with_both_mast_offset_tools() throws IOException {
        Path mast = Peers.mastAnalysis();
        for (Pair pair : PAIRS) {
            Random rnd = new Random(20261125);
            Tally tally = new Tally();
            int withServer = 0;
            for (int c = 0; c < CASES; c++) {
                int cores = 1 + rnd.nextInt(4);
                boolean server = c % 3 == 2;
                List<Flow> flows = MastPeerTest.randomFlows(rnd, cores, false, c % 2 == 0);
                if (server) {
                    flows = onServer(flows, rnd);
                    withServer++;
                }
                List<Integer> coreOf = flows.stream().map(f -> Math.max(f.core(), 0)).toList();
                MastModel model = MastModel.of("random_" + c, flows, coreOf);
                List<String> ids = model.tasks().stream().map(MastModel.Task::id).toList();
                compare(mast, pair, flows, ids, MastText.write(model, List.of("random system " + c)),
                        "case " + c + (server ? " (GPU server)" : ""), tally);
            }
            System.out.println("MAST " + pair.technique() + " peers, " + CASES + " random systems (" + withServer
                    + " with the GPU server): " + tally);
            assertThat(tally.equal).isGreaterThan(CASES);
            assertThat(tally.overInBoth).isPositive();
        }
    }

    @Test
    void dense_single_core_systems_agree_with_both_mast_offset_tools() throws IOException {
        Path mast = Peers.mastAnalysis();
        int[] tighter = new int[2];
        for (Pair pair : PAIRS) {
            Random rnd = new Random(7);
            Tally tally = new Tally();
            for (int c = 0; c < CASES / 2; c++) {
                List<Flow> flows = dense(rnd);
                MastModel model = MastModel.of("dense_" + c, flows, flows.stream().map(f -> 0).toList());
                List<String> ids = model.tasks().stream().map(MastModel.Task::id).toList();
                compare(mast, pair, flows, ids, MastText.write(model, List.of("dense system " + c)), "dense " + c, tally);
                List<FlowBound> slanted = OffsetBased.analyze(flows, null).flows();
                List<FlowBound> approx = OffsetBased.approximate(flows, null).flows();
                for (int i = 0; i < flows.size() && pair.technique().equals("offset_based"); i++) {
                    long s = slanted.get(i).wcrt().orElse(Long.MAX_VALUE);
                    long a = approx.get(i).wcrt().orElse(Long.MAX_VALUE);
                    tighter[0] += s < a ? 1 : 0;
                    tighter[1]++;
                }
            }
            System.out.println("MAST " + pair.technique() + " peers, " + CASES / 2 + " dense single-core systems: "
                    + tally);
            assertThat(tally.equal).isGreaterThan(CASES);
            assertThat(tally.mastLooserServer).as(pair.technique()).isZero();
        }
        System.out.println("dense single-core systems: offset-based (slanted) tighter than the approximation on "
                + tighter[0] + " of " + tighter[1] + " flows");
        assertThat(tighter[0]).isPositive();
    }

    /**
     * Why MAST's one segment for a run of kernels is a bound for the GPU server: A runs two kernels of
     * 5 back to back at the lowest priority (T 100), B a kernel of 1 every 4. The server runs B's
     * second job between A's kernels (A ends at 12, the simulation); one non-preemptive kernel of 10
     * would end at 11. Both MAST tools count B up to the segment's end (14), ours keeps 12.
     */
    @Test
    void mast_counts_other_kernels_up_to_the_end_of_a_run() throws IOException {
        Path mast = Peers.mastAnalysis();
        List<Flow> flows = List.of(
                new Flow("a", 100, 100, 0, 0, -1, 1, null, List.of(new Step.Gpu(5, 5, "gpu"), new Step.Gpu(5, 5, "gpu")),
                        false),
                new Flow("b", 4, 8, 0, 0, -1, 2, null, List.of(new Step.Gpu(1, 1, "gpu")), false));
        MastModel model = MastModel.of("run", flows, List.of(0, 0));
        long seen = FlowSimulator.run(flows, null, 400, 10_000, null).get(0).worst().getAsLong();
        assertThat(seen).isEqualTo(12);
        for (Pair pair : PAIRS) {
            MastPeerTest.MastResult m = MastPeerTest.analyse(dir, mast, pair.technique(),
                    MastText.write(model, List.of("a run of two kernels")), "run");
            assertThat(m.wcrt().get("a")).as(pair.technique() + "\n" + m.log()).isEqualTo(14.0);
            assertThat(pair.ours().apply(flows).get(0).wcrt()).as(pair.technique()).hasValue(12);
        }
    }

    /** MAST's {@code pair.technique()} on {@code text} against ours, flow by flow, into {@code tally}. */
    private void compare(Path mast, Pair pair, List<Flow> flows, List<String> ids, String text, String what,
                         Tally tally) throws IOException {
        MastPeerTest.MastResult m = MastPeerTest.analyse(dir, mast, pair.technique(), text, "model");
        String where = pair.technique() + " " + what;
        assertThat(m.status()).as(where + "\n" + m.log()).isIn("DONE", "NOT-SCHEDULABLE");
        tally.models++;
        List<FlowBound> ours = pair.ours().apply(flows);
        if (m.wcrt().values().stream().anyMatch(v -> v >= 1e99)) {
            // MAST stops once a response passes 100 deadlines and prints 1.0E+100 everywhere
            assertThat(ours).as(where + ": MAST stopped\n" + m.log()).anyMatch(b -> b.wcrt().isEmpty());
            tally.mastStopped += flows.size();
            return;
        }
        boolean someOverInMast = false;
        for (int i = 0; i < flows.size(); i++) {
            Double v = m.wcrt().get(ids.get(i).toLowerCase(Locale.ROOT));
            someOverInMast |= v == null || v > flows.get(i).deadline();
        }
        for (int i = 0; i < flows.size(); i++) {
            Flow f = flows.get(i);
            Double v = m.wcrt().get(ids.get(i).toLowerCase(Locale.ROOT));
            OptionalLong r = ours.get(i).wcrt();
            String as = where + " flow " + ids.get(i) + " ours " + r + " MAST " + v + "\n" + m.log();
            boolean mastOver = v == null || v > f.deadline();
            if (r.isPresent() && v != null && Math.abs(v - r.getAsLong()) < 1e-3) {
                tally.equal++;
            } else if (r.isEmpty() && mastOver) {
                tally.overInBoth++;
            } else if (r.isEmpty() && someOverInMast) {
                tally.oursOverOnly++; // ours counts the overrunning flow's jitter as unknown
            } else {
                assertThat(r.isPresent() && v != null && v > r.getAsLong()).as("MAST tighter than ours: " + as).isTrue();
                // MAST above ours: only for a flow whose kernels queue on the non-preemptive server
                assertThat(f.steps()).as("MAST looser only with kernels on the server: " + as)
                        .anyMatch(s -> s instanceof Step.Gpu);
                tally.mastLooserServer++;
            }
        }
    }

    /**
     * The flows with some kernel delays turned into kernels on the GPU server (platform.gpuAccess: server);
     * never a zero-length one, which Flows.of drops from a workload.
     */
    private static List<Flow> onServer(List<Flow> flows, Random rnd) {
        List<Flow> out = new ArrayList<>();
        for (Flow f : flows) {
            List<Step> steps = new ArrayList<>();
            for (Step s : f.steps()) {
                if (s instanceof Step.Delay d && d.kernel() && d.max() > 0 && rnd.nextBoolean()) {
                    steps.add(new Step.Gpu(d.max(), d.max(), "gpu.exec"));
                } else {
                    steps.add(s);
                }
            }
            out.add(new Flow(f.name(), f.period(), f.deadline(), f.offset(), f.jitter(), f.core(), f.priority(),
                    f.partition(), steps, f.bestEffort()));
        }
        return out;
    }

    /**
     * 3-6 flows on one core, each 2-4 CPU steps with delays of 0-29 between them (best cases below
     * worst cases), periods 100-600, deadlines T or 2T, release jitter on some, distinct priority bands.
     */
    private static List<Flow> dense(Random rnd) {
        int n = 3 + rnd.nextInt(4);
        List<Flow> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long t = DENSE_PERIODS[rnd.nextInt(DENSE_PERIODS.length)];
            int k = 2 + rnd.nextInt(3);
            List<Step> steps = new ArrayList<>();
            for (int j = 0; j < k; j++) {
                if (j > 0) {
                    long x = rnd.nextInt(30);
                    steps.add(new Step.Delay(rnd.nextBoolean() ? x : rnd.nextInt((int) x + 1), x, true, "gpu"));
                }
                long w = 1 + rnd.nextInt((int) (t / (n * k)) + 1);
                steps.add(new Step.Cpu(w, rnd.nextBoolean() ? w : rnd.nextInt((int) w + 1), "cpu"));
            }
            long d = rnd.nextInt(4) == 0 ? 2 * t : t;
            long jitter = rnd.nextInt(4) == 0 ? rnd.nextInt((int) t / 4 + 1) : 0;
            out.add(new Flow("f" + i, t, d, 0, jitter, 0, 10 + i * 3 + rnd.nextInt(2), null, steps, false));
        }
        return out;
    }
}
