package org.gpusched.policy;

import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class GcapsApplicabilityTest {
    /** Every GCAPS method checks the same: the first one stands for all eight. */
    private static Applicability of(Workload w) {
        return GcapsFamily.all().get(0).applicability(w);
    }

    private static Workload read(String json) {
        return new WorkloadReader().read("w.json", json);
    }

    @Test
    void everyGpuOnlyV1ExampleInMicrosecondsOrTicksQualifies() {
        for (String f : new String[] {"examples/paper-fig1.json", "examples/paper-example-2-1.json",
                "examples/jetson-orin-perception.json", "examples/rtx4090-inference.json",
                "examples/player-calibration.json"}) {
            assertThat(of(new WorkloadReader().read(Path.of(f)))).as(f).isEqualTo(Applicability.yes());
        }
    }

    @Test
    void reasonsNameTheTaskOrTheUnit() {
        assertThat(of(read("{\"timeUnit\": \"ms\", \"tasks\": [{\"name\": \"a\", \"period\": 10,"
                + " \"wcet\": 1}]}")).reason()).startsWith("timeUnit ms cannot hold θ = 200 µs; use us");
        assertThat(of(read("{\"formatVersion\": 2, \"platform\": {\"cpus\": 2}, \"tasks\": ["
                + "{\"name\": \"a\", \"period\": 10, \"wcet\": 1, \"cpu\": {\"core\": 1}},"
                + "{\"name\": \"b\", \"period\": 10, \"wcet\": 1}]}")).reason())
                .isEqualTo("tasks[1] has no cpu.core and platform.cpus > 1");
        assertThat(of(new WorkloadReader().read(Path.of("examples/workload-v2.json"))).reason())
                .isEqualTo("tasks[0] has a copy of length 400 (copies are not a GCAPS concept: fold synchronous"
                        + " copies into gpu.misc)");
        assertThat(of(read("{\"formatVersion\": 2, \"tasks\": [{\"name\": \"a\", \"period\": 10,"
                + " \"segments\": [{\"cpu\": 1}, {\"copy\": {\"to\": \"device\", \"time\": 0}}, {\"gpu\": {\"exec\": 2}}]}]}"))
                .applies()).isTrue();
    }
}
