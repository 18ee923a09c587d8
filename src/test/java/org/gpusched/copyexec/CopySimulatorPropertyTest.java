package org.gpusched.copyexec;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of the simulation on seeded random workloads (2 to 4 tasks, 1 or 2 engines, every
 * strategy). -Dgpusched.copyexec.sets=N runs more (default 150).
 */
class CopySimulatorPropertyTest {
    private static final int SETS = Integer.getInteger("gpusched.copyexec.sets", 150);

    private static boolean overlap(Operation a, Operation b) {
        return a.start() < b.end() && b.start() < a.end();
    }

    @Test
    void everyStrategyKeepsStreamOrderEnginesAndJobs() {
        for (long seed = 1; seed <= SETS; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int engines = 1 + r.nextInt(2);
            CopyWorkload w = CopyFixtures.copy(engines, CopyFixtures.random(r, false));
            for (Strategy s : Strategy.values()) {
                CopySim sim = CopySimulator.run(w, s, null);
                String at = "seed " + seed + " " + s.id();
                int jobs = 0;
                for (int i = 0; i < w.size(); i++) {
                    jobs += w.jobsOf(i);
                }
                assertThat(sim.jobs()).as(at).hasSize(jobs);
                for (JobRun j : sim.jobs()) {
                    List<Operation> mine = sim.ops().stream().filter(o -> o.task() == j.taskIndex() && o.job() == j.job())
                            .sorted(java.util.Comparator.comparing(Operation::kind)).toList();
                    long t = j.release();
                    for (Operation o : mine) {
                        assertThat(o.start()).as("%s %s#%d %s in stream order", at, j.task(), j.job(), o.kind())
                                .isGreaterThanOrEqualTo(t);
                        assertThat(o.end() - o.start()).as(at).isPositive();
                        t = o.end();
                    }
                    assertThat(j.finish()).as(at).isEqualTo(t);
                    assertThat(j.start()).as(at).isEqualTo(mine.isEmpty() ? t : mine.get(0).start());
                    // A task's jobs run in order.
                    if (j.job() > 0) {
                        JobRun prev = sim.jobs().get(sim.jobs().indexOf(j) - 1);
                        assertThat(prev.finish()).as(at).isLessThanOrEqualTo(j.start());
                    }
                }
                for (Operation a : sim.ops()) {
                    for (Operation b : sim.ops()) {
                        if (a == b || !overlap(a, b)) {
                            continue;
                        }
                        assertThat(s).as("%s: traditional overlaps %s and %s", at, a, b).isNotEqualTo(Strategy.TRADITIONAL);
                        // A copy engine serves one copy at a time; a task's kernel lane one kernel.
                        assertThat(a.lane()).as("%s: %s and %s share a lane", at, a, b).isNotEqualTo(b.lane());
                        if (a.kind() == OperationKind.KERNEL && b.kind() == OperationKind.KERNEL) {
                            assertThat(s.concurrentKernels()).as("%s: two kernels overlap", at).isTrue();
                        }
                    }
                }
            }
        }
    }

    @Test
    void withoutCopiesInterleaveIsTraditional() {
        for (long seed = 1; seed <= SETS; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            CopyWorkload w = CopyFixtures.copy(1 + r.nextInt(2), CopyFixtures.random(r, true));
            CopySim t = CopySimulator.run(w, Strategy.TRADITIONAL, null);
            CopySim i = CopySimulator.run(w, Strategy.INTERLEAVE, null);
            assertThat(i.jobs()).as("seed %d", seed).isEqualTo(t.jobs());
            assertThat(i.ops()).as("seed %d", seed).isEqualTo(t.ops());
        }
    }

    @Test
    void batchesHoldAtMostTwoJobsOfHighestPriority() {
        for (long seed = 1; seed <= SETS / 3; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            CopyWorkload w = CopyFixtures.copy(1, CopyFixtures.random(r, false));
            CopySim sim = CopySimulator.run(w, Strategy.ORDER, null);
            List<Long> starts = new ArrayList<>(sim.batchStarts());
            for (int b = 0; b < starts.size(); b++) {
                long from = starts.get(b);
                long to = b + 1 < starts.size() ? starts.get(b + 1) : Long.MAX_VALUE;
                List<JobRun> in = sim.jobs().stream().filter(j -> j.start() >= from && j.start() < to).toList();
                assertThat(in.size()).as("seed %d batch %d", seed, b).isBetween(1, 2);
                for (JobRun j : in) {
                    assertThat(j.finish()).as("seed %d: a batch ends before the next starts", seed).isLessThanOrEqualTo(to);
                }
            }
        }
    }
}
