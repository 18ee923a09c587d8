package org.gpusched.experiment;

import org.gpusched.rta.GpuPriorityMode;
import org.gpusched.rta.ResponseTimeAnalysis;
import org.gpusched.rta.RtaMethod;
import org.gpusched.rta.RtaTask;
import org.gpusched.rta.RtaWorkload;
import org.gpusched.rta.Variant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class GcapsExperimentTest {
    private static final String[] SMALL = {"experiment", "gcaps", "--tasks-per-cpu", "3,6", "--utilizations", "0.3,0.6",
            "--best-effort", "0,0.5", "--sets", "3"};

    @Test
    void generatorFollowsTheSlidesRanges() {
        for (int s = 0; s < 300; s++) {
            RtaWorkload w = GcapsGenerator.generate(s, GcapsGenerator.Point.DEFAULT.withBestEffort(0.25));
            assertThat(w.platform().cpus()).isEqualTo(4);
            assertThat(w.platform().epsilon()).isEqualTo(1000);
            assertThat(w.platform().contextSwitch()).isEqualTo(200);
            Map<Integer, List<RtaTask>> byCore = w.tasks().stream().collect(Collectors.groupingBy(RtaTask::core));
            assertThat(byCore).hasSize(4);
            for (List<RtaTask> ts : byCore.values()) {
                assertThat(ts.size()).isBetween(3, 6);
                double u = ts.stream().mapToDouble(t -> (t.cpuTotal() + t.miscTotal() + t.execTotal())
                        / (double) t.period()).sum();
                // Rounding to µs and the 0.01 floor per task move U a little outside [0.4, 0.6].
                assertThat(u).isBetween(0.39, 0.67);
            }
            for (RtaTask t : w.tasks()) {
                assertThat(t.period() % 10_000).isZero();
                assertThat(t.period()).isBetween(30_000L, 500_000L);
                assertThat(t.deadline()).isEqualTo(t.period());
                assertThat(t.gpuSegments()).isBetween(0, 3);
                if (t.gpuSegments() > 0) {
                    double g = t.miscTotal() + t.execTotal();
                    double ratio = g / t.cpuTotal();
                    assertThat(ratio).isBetween(0.19, 2.05);
                    assertThat(t.miscTotal() / g).isBetween(0.09, 0.31);
                }
            }
            assertThat(w.tasks().stream().filter(RtaTask::bestEffort).count())
                    .isEqualTo((long) Math.floor(0.25 * w.tasks().size() + 1e-9));
        }
    }

    @Test
    void sameSeedSameSetWholeOrSharded(@TempDir Path dir) throws Exception {
        assertThat(ExperimentTest.run(ExperimentTest.with(SMALL, "--out", dir.resolve("a").toString()))).isZero();
        assertThat(ExperimentTest.run(ExperimentTest.with(SMALL, "--out", dir.resolve("b").toString(), "--threads",
                "2"))).isZero();
        String a = ExperimentTest.read(dir.resolve("a/gcaps.csv"));
        assertThat(a).startsWith(GcapsExperiment.HEADER + "\n");
        assertThat(a.lines()).hasSize(1 + 6);
        assertThat(ExperimentTest.read(dir.resolve("b/gcaps.csv"))).isEqualTo(a);
        assertThat(ExperimentTest.read(dir.resolve("b/gcaps-sets.csv")))
                .isEqualTo(ExperimentTest.read(dir.resolve("a/gcaps-sets.csv")));
        for (String s : new String[] {"tasks", "utilization", "best-effort"}) {
            assertThat(dir.resolve("a/gcaps-" + s + ".png")).isNotEmptyFile();
        }
        List<String> merge = new ArrayList<>(List.of("experiment", "merge"));
        for (int k = 1; k <= 2; k++) {
            assertThat(ExperimentTest.run(ExperimentTest.with(SMALL, "--out", dir.resolve("s").toString(), "--shard",
                    k + "/2"))).isZero();
            merge.add(dir.resolve("s/gcaps-shard-" + k + "-of-2.csv").toString());
        }
        merge.add("--out");
        merge.add(dir.resolve("m").toString());
        assertThat(ExperimentTest.run(merge.toArray(String[]::new))).isZero();
        assertThat(ExperimentTest.read(dir.resolve("m/gcaps.csv"))).isEqualTo(a);
    }

    @Test
    void rowsAreTheAnalysesOfTheGeneratedSets() {
        GcapsExperiment e = new GcapsExperiment(7, List.of(3), List.of(0.4), List.of(0.0), 4, Variant.PAPER);
        assertThat(e.units()).isEqualTo(12);
        for (int u = 0; u < e.units(); u++) {
            RtaWorkload w = e.workload(u);
            String[] c = e.run(u).get(0).split(",");
            boolean cpu = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.CPU,
                    Variant.PAPER).schedulable();
            boolean aud = ResponseTimeAnalysis.analyze(w, RtaMethod.GCAPS_SUSPEND, GpuPriorityMode.AUDSLEY,
                    Variant.PAPER).schedulable();
            assertThat(c[10]).isEqualTo(cpu ? "yes" : "no");
            assertThat(c[12]).isEqualTo(aud ? "yes" : "no");
            assertThat(!cpu || aud).isTrue();
        }
    }

    @Test
    void badOptionsAreUsageErrors(@TempDir Path dir) {
        assertThat(ExperimentTest.run("experiment", "gcaps", "--utilizations", "1.5", "--out", dir.toString()))
                .isEqualTo(2);
        assertThat(ExperimentTest.run("experiment", "gcaps", "--variant", "x", "--out", dir.toString())).isEqualTo(2);
    }
}
