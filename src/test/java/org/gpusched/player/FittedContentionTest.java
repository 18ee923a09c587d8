package org.gpusched.player;

import org.gpusched.model.InputException;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.KernelKind;
import org.gpusched.model.TaskSet;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The lookup fitted to the H200: loaded from the shipped preset (the raw file that
 * {@code experiment interference --device cuda} wrote there), it returns the measured sets it holds
 * (in-sample: a check of the lookup and its rounding, not evidence that it predicts anything; the
 * held-out evaluation is {@code ContentionHeldOutTest}), and its fallback factors are the
 * experiment's fitted ones.
 */
class FittedContentionTest {

    private static String shipped() {
        return DevicePresets.text("h200-interference-sets.csv");
    }

    @Test
    void theH200LookupReturnsTheSetsItHoldsWithin15Percent() throws IOException {
        FittedContention h200 = FittedContention.preset("h200");
        List<String> rows = shipped().lines().skip(1).toList();
        assertThat(rows).hasSize(200);
        double worst = 0;
        double builtIn = 0;
        for (String row : rows) {
            String[] c = row.split(",");
            String[] members = c[1].split("\\+");
            String[] iso = c[4].split(" ");
            long[] work = new long[members.length];
            KernelKind[] kinds = new KernelKind[members.length];
            for (int i = 0; i < members.length; i++) {
                kinds[i] = KernelKind.of(members[i].split(":")[0]);
                work[i] = Math.round(Double.parseDouble(iso[i]));
            }
            long measured = Long.parseLong(c[2]);
            double error = Math.abs(h200.makespan(work, kinds) - measured) / (double) measured;
            worst = Math.max(worst, error);
            builtIn = Math.max(builtIn, Math.abs(FluidContention.DEFAULT.makespan(work, kinds) - measured) / (double) measured);
            assertThat(error).as(row).isLessThanOrEqualTo(0.15);
        }
        assertThat(worst).isLessThan(0.05);
        // The built-in fluid model is far off on the same sets: the fit is what makes the difference.
        assertThat(builtIn).isGreaterThan(0.15);
    }

    @Test
    void itsFallbackFactorsAreTheExperimentsFittedFactors() throws IOException {
        Map<KernelKind, Double> f = FittedContention.preset("h200").factors();
        for (String row : Files.readAllLines(Path.of("src/test/resources/devices/h200-interference-factors.csv"))
                .subList(1, 5)) {
            String[] c = row.split(",");
            assertThat(f.get(KernelKind.of(c[0]))).as(row).isCloseTo(Double.parseDouble(c[1]),
                    org.assertj.core.data.Percentage.withPercentage(15));
        }
        // Four kernels were never measured together: each takes its kind's largest slowdown.
        long four = FittedContention.preset("h200").makespan(new long[] {100, 100, 100, 100},
                new KernelKind[] {KernelKind.SHARED, KernelKind.SHARED, KernelKind.MEMORY, KernelKind.SPIN});
        assertThat(four).isEqualTo((long) Math.ceil(100 * f.get(KernelKind.SHARED) - 1e-9));
    }

    @Test
    void theSimulatedDeviceLoadedWithTheLookupReplaysAMeasuredSet() {
        String json = "{\"timeUnit\": \"us\", \"tasks\": ["
                + "{\"name\": \"c\", \"period\": 10000, \"wcet\": 100, \"kernel\": {\"blocks\": 4, \"threadsPerBlock\": 256, \"kind\": \"compute\"}},"
                + "{\"name\": \"m\", \"period\": 10000, \"wcet\": 100, \"kernel\": {\"blocks\": 4, \"threadsPerBlock\": 256, \"kind\": \"memory\"}},"
                + "{\"name\": \"s\", \"period\": 10000, \"wcet\": 100, \"kernel\": {\"blocks\": 4, \"threadsPerBlock\": 256, \"kind\": \"shared\"}}]}";
        TaskSet ts = new WorkloadReader().read("three.json", json).pbs();
        SimTiming fitted = SimTiming.own(ts).with(FittedContention.preset("h200"));
        // Measured on the H200 (docs/results/interference-nvidia-h200): compute:100+memory:100+shared:100
        // took 432 us, the shared kernel slowed 4.3x by the other two; the built-in fluid model is far off.
        assertThat((double) fitted.completion(7L)).isCloseTo(432, within(0.15 * 432));
        assertThat((double) SimTiming.own(ts).with(FluidContention.DEFAULT).completion(7L)).isNotCloseTo(432, within(0.15 * 432));
        assertThat(fitted.deviceName()).isEqualTo("sim (fitted to h200)");
        assertThat(SimTiming.own(ts).deviceName()).isEqualTo("sim");
    }

    @Test
    void aFileThatIsNotTheExperimentsRawFileIsRefusedWithItsLine() {
        assertThatThrownBy(() -> FittedContention.parse("x", "x.csv", "kind,factor\ncompute,1.2\n"))
                .isInstanceOf(InputException.class).hasMessageContaining("not a raw file of experiment interference");
        assertThatThrownBy(() -> FittedContention.parse("x", "x.csv",
                "unit,set,measured,slowdowns,isolated\n0,compute:100+memory:100,5,1.0 1.0,1 2\n1,warp:1+memory:1,5,1 1,1 1\n"))
                .isInstanceOf(InputException.class).hasMessageStartingWith("x.csv:3:3: set:").hasMessageContaining("warp:1");
        assertThat(FittedContention.preset("a100")).isNull();
    }
}
