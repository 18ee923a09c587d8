package org.gpusched.rta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The v2 file of Example 2 (for examples/gcaps-example-2.json) describes the very workload of
 * the golden test. Read with a throw-away mapping here, not the v2 reader (not on this branch).
 */
class ExampleFileTest {
    static RtaWorkload read(String resource) throws IOException {
        JsonNode root;
        try (InputStream in = ExampleFileTest.class.getResourceAsStream(resource)) {
            root = new ObjectMapper().readTree(in);
        }
        JsonNode drv = root.path("platform").path("gpuDriver");
        List<RtaTask> tasks = new ArrayList<>();
        for (JsonNode t : root.path("tasks")) {
            List<Long> cpu = new ArrayList<>(List.of(0L));
            List<GpuSegment> gpu = new ArrayList<>();
            for (JsonNode s : t.path("segments")) {
                if (s.has("cpu")) {
                    cpu.set(cpu.size() - 1, cpu.get(cpu.size() - 1) + s.get("cpu").asLong());
                } else {
                    gpu.add(new GpuSegment(s.path("gpu").path("misc").asLong(), s.path("gpu").path("exec").asLong()));
                    cpu.add(0L);
                }
            }
            tasks.add(new RtaTask(t.get("name").asText(), t.get("period").asLong(), t.get("deadline").asLong(), cpu,
                    gpu, t.path("cpu").path("core").asInt(), t.path("cpu").path("priority").asInt(),
                    t.get("gpuPriority").asInt(), t.path("bestEffort").asBoolean(false)));
        }
        return new RtaWorkload(tasks, new RtaPlatform(root.path("platform").path("cpus").asInt(),
                drv.get("timeslice").asLong(), drv.get("contextSwitch").asLong(), drv.get("runlistUpdate").asLong()));
    }

    @Test
    void theJsonIsExample2() throws IOException {
        RtaWorkload w = read("/rta/gcaps-example-2.json");
        assertThat(w).isEqualTo(Example2Test.example2());
    }
}
