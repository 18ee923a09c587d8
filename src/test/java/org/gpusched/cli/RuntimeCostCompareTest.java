package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A runtime cost that alone makes a job late is seen by every method of compare: none says
 * schedulable where the exact analysis says the frame of one kernel is longer than the period.
 */
class RuntimeCostCompareTest {
    private static final ObjectMapper M = new ObjectMapper();

    /** One task, period 100, one kernel of 50, a launch of 60: 110 > 100 whatever the policy. */
    private static final String V1 = "{\"formatVersion\": 1, \"name\": \"launch-cost\", \"timeUnit\": \"us\","
            + " \"tasks\": [{\"name\": \"t\", \"period\": 100, \"deadline\": 100, \"wcet\": 50}],"
            + " \"runtime\": {\"launch\": 60}}";

    /** The same late job as a v2 kernel task the SM partitioning reads (amdahl: 50 on every SM count). */
    private static final String SM = "{\"formatVersion\": 2, \"name\": \"launch-cost-sm\", \"timeUnit\": \"us\","
            + " \"gpu\": {\"preset\": \"rtx-2080-ti\"},"
            + " \"tasks\": [{\"name\": \"t\", \"period\": 100, \"deadline\": 100, \"segments\": [{\"gpu\": {\"exec\": 50}}],"
            + " \"kind\": \"compute\", \"scaling\": {\"model\": \"amdahl\", \"parallel\": 0, \"serial\": 50,"
            + " \"measuredOnSms\": 1}}], \"runtime\": {\"launch\": 60}}";

    /** A copy/execute job of 20 + 50 + 20 whose two copy calls cost 10 each with one launch of 1: 111 > 110. */
    private static final String COPY = "{\"formatVersion\": 2, \"name\": \"copy-cost\", \"timeUnit\": \"us\","
            + " \"gpu\": {\"preset\": \"jetson-agx-orin-64gb\"}, \"platform\": {\"copyEngines\": 1},"
            + " \"tasks\": [{\"name\": \"t\", \"period\": 110, \"deadline\": 110, \"segments\": ["
            + "{\"copy\": {\"to\": \"device\", \"time\": 20}}, {\"gpu\": {\"exec\": 50}},"
            + " {\"copy\": {\"to\": \"host\", \"time\": 20}}]}], \"runtime\": {\"copy\": 10, \"launch\": 1}}";

    @Test
    void everyMethodOfCompareSeesTheLaunchCost(@TempDir Path dir) throws Exception {
        List<JsonNode> methods = compare(dir, "v1.json", V1);
        List<String> schedulable = new ArrayList<>();
        List<String> judged = new ArrayList<>();
        for (JsonNode m : methods) {
            String verdict = m.get("verdict").asText();
            if (!verdict.equals("n/a")) {
                judged.add(m.get("method").asText());
            }
            if (verdict.equals("schedulable")) {
                schedulable.add(m.get("method").asText() + " (" + m + ")");
            }
        }
        assertThat(schedulable).isEmpty();
        // The methods that ignored the cost before judge this file: they must now see the miss.
        assertThat(judged).contains("gpusched", "brute-force", "tsg-rr-busy", "mpcp-suspend", "fmlp+-busy",
                "holistic", "offset-based", "copy-exec-traditional");
        for (JsonNode m : methods) {
            if (m.get("method").asText().startsWith("tsg-rr") || m.get("method").asText().equals("holistic")) {
                // a response of 50 was the kernel without its launch
                JsonNode rt = m.get("tasks").get(0).get("responseTime");
                assertThat(rt == null || rt.isNull() || rt.asLong() >= 110).as("%s", m).isTrue();
            }
        }
    }

    @Test
    void smPartitioningSeesTheLaunchCost(@TempDir Path dir) throws Exception {
        List<JsonNode> methods = compare(dir, "sm.json", SM);
        List<String> sm = new ArrayList<>();
        for (JsonNode m : methods) {
            if (m.get("method").asText().startsWith("sm-partition")) {
                sm.add(m.get("method").asText() + " " + m.get("verdict").asText());
                assertThat(m.get("verdict").asText()).as("%s", m).isIn("not schedulable", "n/a");
            }
        }
        assertThat(sm).anyMatch(s -> s.endsWith("not schedulable"));
        // Without the cost the same task fits: the launch is what makes it late.
        List<JsonNode> free = compare(dir, "sm-free.json", SM.replace(", \"runtime\": {\"launch\": 60}", ""));
        assertThat(free).filteredOn(m -> m.get("method").asText().startsWith("sm-partition"))
                .allMatch(m -> m.get("verdict").asText().equals("schedulable"));
    }

    @Test
    void copyExecuteSeesTheCopyCost(@TempDir Path dir) throws Exception {
        for (JsonNode m : compare(dir, "copy.json", COPY)) {
            if (m.get("method").asText().startsWith("copy-exec")) {
                assertThat(m.get("verdict").asText()).as("%s", m).isIn("not schedulable", "n/a");
            }
        }
        List<JsonNode> free = compare(dir, "copy-free.json", COPY.replace("\"copy\": 10", "\"copy\": 0"));
        assertThat(free).filteredOn(m -> m.get("method").asText().equals("copy-exec-traditional"))
                .singleElement().matches(m -> m.get("verdict").asText().equals("schedulable"), "schedulable");
    }

    private static List<JsonNode> compare(Path dir, String name, String json) throws Exception {
        Path f = Files.writeString(dir.resolve(name), json);
        CliRunner r = CliRunner.run("compare", f.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        List<JsonNode> out = new ArrayList<>();
        M.readTree(r.out().lines().findFirst().orElseThrow()).get("methods").forEach(out::add);
        return out;
    }
}
