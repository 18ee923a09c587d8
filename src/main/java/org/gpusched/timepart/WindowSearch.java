package org.gpusched.timepart;

import org.gpusched.model.Budget;
import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * The first step of the paper's optimisation loop (time-partitioning.md, "Optimisation"): the GPU
 * partition gets one window per major frame, placed in a gap that the other partitions leave free
 * on its cores, and the holistic analysis is re-run for every candidate.
 * <ul>
 * <li>{@link Objective#WINDOW}: the shortest window that keeps every judged flow schedulable. Within
 *     one gap, "some placement works" is monotone in the length (a longer window can cover a shorter
 *     one, and more supply never raises a bound), so the length is found by binary search per gap;
 *     ties at that length go to the largest minimum slack, then the earliest start.</li>
 * <li>{@link Objective#SLACK}: the largest minimum slack without giving the partition more time per
 *     frame than it has now: the window is as long as that budget allows in each gap, placed on the
 *     grid.</li>
 * </ul>
 * Placements are the grid start, start + step, … of each gap plus its end-aligned one.
 */
public final class WindowSearch {
    public enum Objective { WINDOW, SLACK }

    /** The window found, its plan and analysis; empty window when no candidate is schedulable. */
    public record Result(Platform.Window window, Platform.TimePartitions plan, HolisticResult analysis,
                         int evaluations) { }

    private final List<Flow> flows;
    private final Platform.TimePartitions plan;
    private final int partition;
    private final OptionalInt core;
    private final long step;
    private final LongConsumer progress;
    private final Runnable check;
    private int evaluations;
    private String spent;

    /**
     * @param partition index of the GPU partition in the plan; its windows must all be on one core or
     *                  all on every core ({@link #coreOf})
     * @param progress  told the number of analyses run so far, after each one
     * @param check     a budget's time check, run before every candidate and inside every analysis; when
     *                  it throws {@link Budget.Exhausted}, {@link #run} ends with the best window found
     *                  so far and {@link #spent} says why
     */
    public WindowSearch(List<Flow> flows, Platform.TimePartitions plan, int partition, long step, LongConsumer progress,
                        Runnable check) {
        this.check = check;
        this.flows = List.copyOf(flows);
        this.plan = plan;
        this.partition = partition;
        this.core = coreOf(plan.partitions().get(partition)).orElseThrow();
        this.step = Math.max(1, step);
        this.progress = progress;
    }

    /**
     * Where the partition's windows are: one core (a present OptionalInt), every core (an empty
     * OptionalInt), or, when they mix cores, nothing (an empty Optional: the search does not
     * handle that).
     */
    public static java.util.Optional<OptionalInt> coreOf(Platform.Partition p) {
        OptionalInt first = p.windows().get(0).core();
        boolean same = p.windows().stream().allMatch(w -> w.core().equals(first));
        return same ? java.util.Optional.of(first) : java.util.Optional.empty();
    }

    /** Free gaps of the frame: not used by another partition on the window's core(s). */
    List<long[]> gaps() {
        List<long[]> blocked = IntStream.range(0, plan.partitions().size()).filter(p -> p != partition)
                .mapToObj(p -> plan.partitions().get(p)).flatMap(p -> p.windows().stream())
                .filter(w -> core.isEmpty() || w.core().isEmpty() || w.core().getAsInt() == core.getAsInt())
                .map(w -> new long[] {w.start(), w.start() + w.length()})
                .sorted(Comparator.comparingLong(b -> b[0])).toList();
        List<long[]> gaps = new ArrayList<>();
        long at = 0;
        for (long[] b : blocked) {
            if (b[0] > at) {
                gaps.add(new long[] {at, b[0]});
            }
            at = Math.max(at, b[1]);
        }
        if (at < plan.majorFrame()) {
            gaps.add(new long[] {at, plan.majorFrame()});
        }
        return gaps.stream().filter(g -> g[1] - g[0] > plan.switchOverhead()).toList();
    }

    public int evaluationsSoFar() {
        return evaluations;
    }

    /** Placements a search would try at most per window length: the grid points of every gap. */
    public long placements() {
        return gaps().stream().mapToLong(g -> (g[1] - g[0]) / step + 1).reduce(0, Ticks::add);
    }

    /** Why the search ended before it was complete (a budget's note), or null when it was complete. */
    public String spent() {
        return spent;
    }

    /**
     * The best window (null: none schedulable). When the budget runs out, the best one found so far
     * (a schedulable window, maybe not the best) and {@link #spent} is set.
     */
    public Result run(Objective objective) {
        Result[] best = {null};
        try {
            search(objective, best);
        } catch (Budget.Exhausted e) {
            spent = e.getMessage();
        }
        return best[0];
    }

    private void search(Objective objective, Result[] best) {
        long budget = plan.partitions().get(partition).windows().stream().mapToLong(Platform.Window::length).sum();
        for (long[] g : gaps()) {
            if (objective == Objective.SLACK) {
                keep(objective, best, bestPlacement(g, Math.min(g[1] - g[0], budget), objective, best));
                continue;
            }
            long lo = plan.switchOverhead() + 1;
            long hi = g[1] - g[0];
            Result known = bestPlacement(g, hi, objective, best);
            if (known == null) {
                continue;
            }
            keep(objective, best, known);
            while (lo < hi) {
                long mid = lo + (hi - lo) / 2;
                Result r = bestPlacement(g, mid, objective, best);
                if (r != null) {
                    hi = mid;
                    keep(objective, best, r);
                } else {
                    lo = mid + 1;
                }
            }
        }
    }

    private static void keep(Objective objective, Result[] best, Result r) {
        if (r != null && (best[0] == null || better(objective, r, best[0]))) {
            best[0] = r;
        }
    }

    private static boolean better(Objective o, Result a, Result b) {
        long sa = a.analysis().minSlack().orElse(Long.MIN_VALUE);
        long sb = b.analysis().minSlack().orElse(Long.MIN_VALUE);
        if (o == Objective.WINDOW && a.window().length() != b.window().length()) {
            return a.window().length() < b.window().length();
        }
        return sa > sb;
    }

    /**
     * The schedulable placement of a window of this length in the gap with the largest min slack.
     * The starts are generated, never held (a 10^11-tick frame on a 1-tick grid is 10^11 of them),
     * and each schedulable one is offered to the search's best so far as it is found, so that a
     * budget running out mid-gap loses nothing.
     */
    private Result bestPlacement(long[] gap, long length, Objective objective, Result[] overall) {
        Result best = null;
        long last = gap[1] - length;
        for (long s = gap[0]; s <= last; s = s > last - step ? (s == last ? last + 1 : last) : s + step) {
            check.run();
            Platform.Window w = new Platform.Window(s, length, core);
            Platform.TimePartitions p = with(w);
            HolisticResult r = Holistic.analyze(flows, p, check);
            progress.accept(++evaluations);
            Result found = new Result(w, p, r, evaluations);
            if (r.schedulable() && (best == null || better(Objective.SLACK, found, best))) {
                best = found;
                keep(objective, overall, best);
            }
        }
        return best == null ? null : new Result(best.window(), best.plan(), best.analysis(), evaluations);
    }

    /** The plan with the GPU partition's windows replaced by w. */
    public Platform.TimePartitions with(Platform.Window w) {
        List<Platform.Partition> ps = new ArrayList<>(plan.partitions());
        ps.set(partition, new Platform.Partition(ps.get(partition).name(), List.of(w)));
        return new Platform.TimePartitions(plan.majorFrame(), plan.switchOverhead(), ps);
    }
}
