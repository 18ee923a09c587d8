package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Plan synthesis on random systems: whatever it returns is schedulable and serialises the kernels. */
class TimePartitionSearchTest {
    @Test
    void every_plan_returned_is_schedulable_serialised_and_reproducible() {
        Random rnd = new Random(5);
        int found = 0;
        for (int c = 0; c < 150; c++) {
            HolisticPropertyTest.Sys s = HolisticPropertyTest.random(rnd, false, false);
            List<Flow> flows = s.flows();
            int cpus = flows.stream().mapToInt(Flow::core).max().orElse(0) + 1;
            boolean offset = c % 2 == 0;
            List<TimePartitionSearch.Candidate> seen = new ArrayList<>();
            TimePartitionSearch.Candidate best = new TimePartitionSearch(flows, cpus, offset, TimePartitionSearch.Objective.SLACK, 9,
                    () -> false, seen::add).run();
            if (best == null) {
                assertThat(seen).noneMatch(x -> x.analysis().schedulable() && x.plan() != null);
                continue;
            }
            found++;
            List<Flow> placed = place(flows, best);
            HolisticResult again = offset ? OffsetBased.analyze(placed, best.plan()) : Holistic.analyze(placed, best.plan());
            assertThat(again.schedulable()).as("case %d", c).isTrue();
            assertThat(Serialisation.check(placed, best.plan(), cpus).holds()).as("case %d", c).isTrue();
            TimePartitionSearch.Candidate twice = new TimePartitionSearch(flows, cpus, offset, TimePartitionSearch.Objective.SLACK, 9,
                    () -> false, x -> { }).run();
            assertThat(twice.plan()).isEqualTo(best.plan());
            assertThat(twice.priorities()).containsExactly(best.priorities());
        }
        assertThat(found).isGreaterThan(20);
    }

    @Test
    void the_window_objective_takes_the_smallest_gpu_share() {
        Random rnd = new Random(6);
        for (int c = 0; c < 60; c++) {
            HolisticPropertyTest.Sys s = HolisticPropertyTest.random(rnd, false, false);
            int cpus = s.flows().stream().mapToInt(Flow::core).max().orElse(0) + 1;
            List<TimePartitionSearch.Candidate> seen = new ArrayList<>();
            TimePartitionSearch.Candidate best = new TimePartitionSearch(s.flows(), cpus, true, TimePartitionSearch.Objective.WINDOW, 1,
                    () -> false, seen::add).run();
            if (best == null) {
                continue;
            }
            int least = seen.stream().filter(x -> x.analysis().schedulable()).mapToInt(TimePartitionSearch.Candidate::gpuSharePercent)
                    .min().orElseThrow();
            assertThat(best.gpuSharePercent()).isEqualTo(least);
        }
    }

    private static List<Flow> place(List<Flow> flows, TimePartitionSearch.Candidate c) {
        List<Flow> out = new ArrayList<>();
        for (int f = 0; f < flows.size(); f++) {
            Flow x = flows.get(f);
            String part = c.plan() == null ? null : TimePartitionSearch.usesGpu(x) ? TimePartitionSearch.GPU : TimePartitionSearch.CPU;
            out.add(new Flow(x.name(), x.period(), x.deadline(), x.offset(), x.jitter(), x.core(), c.priorities()[f],
                    part, x.steps(), x.bestEffort()));
        }
        return out;
    }

    @Test
    void the_plan_gives_each_gpu_core_its_own_slice_of_the_frame() {
        List<Flow> flows = List.of(
                new Flow("a", 100, 100, 0, 0, 0, 2, null, List.of(new Step.Cpu(1, 1, "c"),
                        new Step.Delay(3, 3, true, "k")), false),
                new Flow("b", 100, 100, 0, 0, 1, 1, null, List.of(new Step.Cpu(1, 1, "c"),
                        new Step.Delay(3, 3, true, "k")), false),
                new Flow("c", 100, 100, 0, 0, 2, 1, null, List.of(new Step.Cpu(5, 5, "c")), false));
        Platform.TimePartitions p = new TimePartitionSearch(flows, 3, true, TimePartitionSearch.Objective.SLACK, 1, () -> false, x -> { })
                .plan(100, 40);
        assertThat(p.partitions().get(0).windows()).extracting(Platform.Window::start, Platform.Window::length)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 20L), org.assertj.core.groups.Tuple.tuple(20L, 20L));
        // Core 2 runs no GPU task: the CPU partition has its whole frame.
        assertThat(p.partitions().get(1).windows()).anyMatch(w -> w.core().getAsInt() == 2 && w.length() == 100);
    }
}
