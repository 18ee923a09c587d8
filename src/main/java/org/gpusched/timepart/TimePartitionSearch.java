package org.gpusched.timepart;

import org.gpusched.model.Platform;

import java.util.*;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Plan synthesis, the plan-building step of the paper's optimisation loop (Gomez et al., section
 * 1.3): from flows without a plan, a cyclic plan with a partition {@value #GPU} for every GPU-using
 * flow and {@value #CPU} for the others, and priorities, that keeps every judged flow schedulable.
 * <ul>
 * <li>Partitions: per major frame, the GPU partition gets a share of the frame on every core that
 *     runs a GPU-using flow, the cores' windows one after the other (so they never overlap: the
 *     serialisation condition holds by construction); the CPU partition gets the rest of every core.
 *     With kernels on the GPU server no partition is needed: the plan is priorities only.</li>
 * <li>Candidates: major frames of the shortest period / 1, 2, 4, 8; GPU shares 5 %, 10 %, … 95 %.</li>
 * <li>Priorities: the input's, deadline-monotonic, then a local search in the spirit of HOPA
 *     (Gutiérrez García and González Harbour 1995): the flow with the least slack relative to its
 *     deadline swaps with the flow just above it on its core while that improves the result; a
 *     seeded random swap restarts a search that is stuck.</li>
 * <li>Objective: {@code slack}, the largest minimum slack; {@code window}, the smallest GPU share
 *     (then the largest slack). Every analysis is reported to {@code trace}.</li>
 * </ul>
 */
public final class TimePartitionSearch {
    public static final String GPU = "GPU";
    public static final String CPU = "CPU";
    private static final int[] SHARES_PERCENT = {5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95};
    private static final int LOCAL_STEPS = 12;

    public enum Objective { SLACK, WINDOW }

    /** One candidate analysed: its plan (null: none), priorities per flow, how it was made and its result. */
    public record Candidate(long majorFrame, int gpuSharePercent, Platform.TimePartitions plan, int[] priorities,
                            String priorityRule, HolisticResult analysis) {
        public long minSlack() {
            return analysis.minSlack().orElse(Long.MIN_VALUE);
        }
    }

    private final List<Flow> flows;
    private final int cpus;
    private final boolean offset;
    private final Objective objective;
    private final Random random;
    private final BooleanSupplier spent;
    private final Consumer<Candidate> trace;

    /**
     * @param offset use the offset-based analysis (else holistic)
     * @param spent  true once the budget is spent: the search stops with the best so far
     */
    public TimePartitionSearch(List<Flow> flows, int cpus, boolean offset, Objective objective, long seed,
                               BooleanSupplier spent, Consumer<Candidate> trace) {
        this.flows = List.copyOf(flows);
        this.cpus = cpus;
        this.offset = offset;
        this.objective = objective;
        this.random = new Random(seed);
        this.spent = spent;
        this.trace = trace;
    }

    /** The best schedulable candidate, or null when none was found (in the budget). */
    public Candidate run() {
        if (flows.stream().anyMatch(f -> f.steps().stream().anyMatch(s -> s instanceof Step.Gpu))) {
            return priorities(0, 0, null, null);
        }
        Candidate best = null;
        long shortest = flows.stream().mapToLong(Flow::period).min().orElse(1);
        for (int share : SHARES_PERCENT) {
            for (int div : new int[] {1, 2, 4, 8}) {
                long maf = shortest / div;
                if (maf < 2 || spent.getAsBoolean()) {
                    continue;
                }
                Platform.TimePartitions plan = plan(maf, share);
                if (plan == null) {
                    continue;
                }
                best = priorities(maf, share, plan, best);
            }
            if (objective == Objective.WINDOW && best != null) {
                return best; // shares grow: the first share with a schedulable plan is the smallest
            }
        }
        return best;
    }

    /** The GPU share of the frame on the GPU cores one after the other; CPU gets the rest everywhere. */
    Platform.TimePartitions plan(long maf, int sharePercent) {
        List<Integer> gpuCores = flows.stream().filter(TimePartitionSearch::usesGpu).map(Flow::core).filter(c -> c >= 0)
                .distinct().sorted().toList();
        long total = maf * sharePercent / 100;
        if (gpuCores.isEmpty() || total < gpuCores.size()) {
            return null;
        }
        long each = total / gpuCores.size();
        List<Platform.Window> gpu = new ArrayList<>();
        List<Platform.Window> cpu = new ArrayList<>();
        for (int c = 0; c < cpus; c++) {
            int i = gpuCores.indexOf(c);
            if (i < 0) {
                cpu.add(new Platform.Window(0, maf, OptionalInt.of(c)));
                continue;
            }
            long start = i * each;
            gpu.add(new Platform.Window(start, each, OptionalInt.of(c)));
            if (start > 0) {
                cpu.add(new Platform.Window(0, start, OptionalInt.of(c)));
            }
            if (start + each < maf) {
                cpu.add(new Platform.Window(start + each, maf - start - each, OptionalInt.of(c)));
            }
        }
        return new Platform.TimePartitions(maf, 0, List.of(new Platform.Partition(GPU, gpu),
                new Platform.Partition(CPU, cpu)));
    }

    public static boolean usesGpu(Flow f) {
        return f.steps().stream().anyMatch(s -> s instanceof Step.Gpu || s instanceof Step.Delay d && d.kernel());
    }

    /** The input's priorities, deadline-monotonic ones and the local search from the better, under one plan. */
    private Candidate priorities(long maf, int share, Platform.TimePartitions plan, Candidate best) {
        int[] given = flows.stream().mapToInt(Flow::priority).toArray();
        Candidate a = analyse(maf, share, plan, given, "input");
        Candidate b = analyse(maf, share, plan, deadlineMonotonic(), "deadline-monotonic");
        Candidate start = better(b, a) ? b : a;
        Candidate local = localSearch(start);
        for (Candidate c : List.of(a, b, local)) {
            if (c.analysis().schedulable() && (best == null || better(c, best))) {
                best = c;
            }
        }
        return best;
    }

    private int[] deadlineMonotonic() {
        int[] order = IntStream.range(0, flows.size()).boxed()
                .sorted(Comparator.comparingLong((Integer i) -> flows.get(i).deadline())
                        .thenComparing(i -> flows.get(i).name()))
                .mapToInt(Integer::intValue).toArray();
        int[] prio = new int[flows.size()];
        for (int rank = 0; rank < order.length; rank++) {
            prio[order[rank]] = order.length - rank; // unique: larger = higher
        }
        return prio;
    }

    private Candidate localSearch(Candidate start) {
        Candidate cur = start;
        for (int step = 0; step < LOCAL_STEPS && !spent.getAsBoolean(); step++) {
            int worst = worstFlow(cur);
            int above = worst < 0 ? -1 : justAbove(cur.priorities(), worst);
            Candidate c = above >= 0 ? swapped(cur, worst, above)
                    : swapped(cur, random.nextInt(flows.size()), random.nextInt(flows.size()));
            if (!better(c, cur)) {
                return cur;
            }
            cur = c;
        }
        return cur;
    }

    /** The candidate with the priorities of flows x and y exchanged, analysed. */
    private Candidate swapped(Candidate cur, int x, int y) {
        int[] p = cur.priorities().clone();
        int t = p[x];
        p[x] = p[y];
        p[y] = t;
        return analyse(cur.majorFrame(), cur.gpuSharePercent(), cur.plan(), p, "local-search");
    }

    /** The judged flow with the least slack over its deadline (no bound: least of all); -1 when none. */
    private int worstFlow(Candidate c) {
        List<FlowBound> bs = c.analysis().flows();
        return IntStream.range(0, flows.size()).filter(f -> bs.get(f).schedulable() != null).boxed()
                .min(Comparator.comparingDouble(f -> bs.get(f).slack().isPresent()
                        ? (double) bs.get(f).slack().getAsLong() / flows.get(f).deadline() : -1)).orElse(-1);
    }

    /** The flow whose priority is the next higher one among those that compete with f (same core, or the GPU). */
    private int justAbove(int[] prio, int f) {
        Flow x = flows.get(f);
        return IntStream.range(0, flows.size()).filter(g -> g != f && prio[g] > prio[f]
                        && (flows.get(g).core() == x.core() || usesGpu(flows.get(g)) && usesGpu(x)))
                .boxed().min(Comparator.comparingInt(g -> prio[g])).orElse(-1);
    }

    private Candidate analyse(long maf, int share, Platform.TimePartitions plan, int[] prio, String rule) {
        List<Flow> fs = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            Flow x = flows.get(f);
            String part = plan == null ? null : usesGpu(x) ? GPU : CPU;
            fs.add(new Flow(x.name(), x.period(), x.deadline(), x.offset(), x.jitter(), x.core(), prio[f], part,
                    x.steps(), x.bestEffort()));
        }
        // The 1998 approximation judges candidates: the search runs it thousands of times, and a plan
        // it accepts the slanted analysis accepts too (never looser).
        HolisticResult r = offset ? OffsetBased.approximate(fs, plan) : Holistic.analyze(fs, plan);
        Candidate c = new Candidate(maf, share, plan, prio, rule, r);
        trace.accept(c);
        return c;
    }

    /** Schedulable first; then the objective (window: smaller share), then min slack, then fewer changes. */
    boolean better(Candidate a, Candidate b) {
        if (a.analysis().schedulable() != b.analysis().schedulable()) {
            return a.analysis().schedulable();
        }
        if (objective == Objective.WINDOW && a.gpuSharePercent() != b.gpuSharePercent()) {
            return a.gpuSharePercent() < b.gpuSharePercent();
        }
        return a.minSlack() > b.minSlack();
    }
}
