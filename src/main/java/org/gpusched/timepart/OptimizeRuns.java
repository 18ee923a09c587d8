package org.gpusched.timepart;

import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.model.Platform;
import org.gpusched.model.Workload;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.stream.Collectors;

/**
 * The two questions {@code optimize} asks of a workload file, apart from how they are asked and
 * reported: where a partition's window should lie ({@link #windows}) and which plan a workload
 * without one should get ({@link #plan}). Both run on the command's meter.
 */
public final class OptimizeRuns {
    private OptimizeRuns() { }

    /**
     * A window search: the partition tuned, the analysis of the plan as given ({@code before}; null
     * with {@code spentBefore} when the budget ran out first), the search and its result (null: no
     * window keeps every flow schedulable) with its serialisation check.
     */
    public record Windows(int partition, Platform.TimePartitions plan, HolisticResult before, String spentBefore,
                          WindowSearch search, WindowSearch.Result result, Serialisation serialisation) { }

    /**
     * Searches the window of the partition {@code partition} names (null: the one with GPU-using
     * tasks) on a grid of {@code step} ticks (null: a 200th of the major frame). A usage error
     * (IllegalArgumentException) for a partition that cannot be tuned or a grid past
     * {@code maxPlacements} placements per window length.
     */
    public static Windows windows(String file, Workload w, String partition, Long step, long maxPlacements,
                                  WindowSearch.Objective objective, Budget.Meter meter, LongConsumer progress) {
        Platform.TimePartitions plan = w.platform().timePartitions();
        if (plan == null) {
            throw new InputException(file, "platform", "no timePartitions to optimise");
        }
        List<Flow> flows = flows(file, w);
        int p = partition(plan, flows, partition, file);
        long grid = step != null ? step : Math.max(1, plan.majorFrame() / 200);
        WindowSearch search = new WindowSearch(flows, plan, p, grid, progress, meter::checkTime);
        if (search.placements() > maxPlacements) {
            throw new IllegalArgumentException("--step " + grid + " gives " + search.placements()
                    + " placements per window length (at most " + maxPlacements + "): use a coarser --step");
        }
        HolisticResult before;
        try {
            before = Holistic.analyze(flows, plan, meter::checkTime);
        } catch (Budget.Exhausted e) {
            return new Windows(p, plan, null, e.getMessage(), search, null, null);
        }
        WindowSearch.Result r = search.run(objective);
        Serialisation s = r == null ? null : Serialisation.check(flows, r.plan(), w.platform().cpus());
        return new Windows(p, plan, before, null, search, r, s);
    }

    /** A plan search: its flows, every candidate analysed in order, the best (null: none) and whether time ran out. */
    public record Plan(List<Flow> flows, List<TimePartitionSearch.Candidate> trace,
                       TimePartitionSearch.Candidate best, boolean spent) { }

    /** Searches a plan for {@code w}, which must have none; {@code progress} hears the candidates analysed so far. */
    public static Plan plan(String file, Workload w, boolean offsetBased, TimePartitionSearch.Objective objective,
                            long seed, Budget.Meter meter, LongConsumer progress) {
        if (w.platform().timePartitions() != null) {
            throw new InputException(file, "platform.timePartitions", "the workload has a plan already"
                    + " (optimize --windows tunes it)");
        }
        List<Flow> flows = flows(file, w);
        boolean[] spent = {false};
        List<TimePartitionSearch.Candidate> trace = new ArrayList<>();
        TimePartitionSearch search = new TimePartitionSearch(flows, w.platform().cpus(), offsetBased, objective, seed,
                () -> spent[0] |= meter.timeNote() != null, c -> {
                    trace.add(c);
                    progress.accept(trace.size());
                });
        TimePartitionSearch.Candidate best = search.run();
        return new Plan(flows, List.copyOf(trace), best, spent[0]);
    }

    /** The flows of {@code w}; refused, naming {@code file}, when the holistic analysis does not take the workload. */
    private static List<Flow> flows(String file, Workload w) {
        String why = Flows.whyNot(w);
        if (why != null) {
            throw new InputException(file, "", why);
        }
        return Flows.of(w);
    }

    /**
     * The index of the partition to tune: the one {@code name}d, or else the one partition that holds
     * GPU-using tasks. A usage error (IllegalArgumentException) when there is no such partition, or
     * when its windows lie on several cores but not all.
     */
    private static int partition(Platform.TimePartitions plan, List<Flow> flows, String name, String file) {
        int p;
        if (name != null) {
            p = PlanDocument.partitionIndex(plan, name);
            if (p < 0) {
                throw new IllegalArgumentException("--partition: no partition '" + name + "' in " + file);
            }
        } else {
            Set<String> gpu = flows.stream().filter(f -> f.partition() != null
                            && f.steps().stream().anyMatch(x -> x instanceof Step.Delay d && d.kernel()))
                    .map(Flow::partition).collect(Collectors.toCollection(LinkedHashSet::new));
            if (gpu.size() != 1) {
                throw new IllegalArgumentException((gpu.isEmpty() ? "no GPU-using task is in a partition"
                        : "GPU-using tasks are in partitions " + gpu) + ": name one with --partition");
            }
            p = PlanDocument.partitionIndex(plan, gpu.iterator().next());
        }
        if (WindowSearch.coreOf(plan.partitions().get(p)).isEmpty()) {
            throw new IllegalArgumentException("partition " + plan.partitions().get(p).name()
                    + " has windows on several cores; the window search handles one core or all cores");
        }
        return p;
    }
}
