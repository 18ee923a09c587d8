package org.gpusched.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.gpusched.policy.Detail;
import org.gpusched.policy.Evidence;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.TaskRow;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rendering every non-PBS policy gets (a response-time analysis here): per-task bounds with
 * "> D" and best-effort rows, named facts and tables, in text, JSON and CSV.
 */
class PolicyReportsTest {
    private static final Workload W = new WorkloadReader().read(Path.of("examples/workload-v2.json"));
    private static final MethodResult RTA = new MethodResult("gcaps-suspend", Outcome.NOT_SCHEDULABLE, null,
            Evidence.BOUND, List.of(new TaskRow("det", OptionalLong.of(9100), true, false),
            new TaskRow("seg", OptionalLong.empty(), false, false), new TaskRow("legacy", OptionalLong.of(4000), true, false),
            new TaskRow("logger", OptionalLong.empty(), true, true)),
            new Detail.Facts(List.of(new Detail.Fact("gpuPriorityOrder", List.of("det", "legacy", "seg", "logger")),
                    new Detail.Fact("audsleyUsed", Boolean.TRUE)),
                    List.of(new Detail.Table("windows", List.of("partition", "start", "end"),
                            List.of(List.of("P1", 0L, 6000L))))), 1_500_000);

    private static String render(OutputFormat f, boolean quiet) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        PolicyReports.analyze(out, f, quiet, "w.json", W, RTA, false);
        out.flush();
        return s.toString();
    }

    @Test
    void textShowsBoundsDeadlinesAndFacts() {
        String text = render(OutputFormat.text, false);
        assertThat(text).startsWith("w.json: not schedulable\n");
        assertThat(text).contains("gcaps-suspend (sufficient test", "det", "9100", "20000", "meets its deadline");
        assertThat(text.lines().filter(l -> l.contains(" seg ")).findFirst().orElseThrow())
                .contains("> D", "misses its deadline");
        assertThat(text.lines().filter(l -> l.contains(" logger ")).findFirst().orElseThrow())
                .contains(" - ", "best effort (not judged)");
        assertThat(text).contains("gpuPriorityOrder det > legacy > seg > logger", "audsleyUsed   true",
                "  windows\n    partition  start  end\n    P1  0  6000");
        assertThat(render(OutputFormat.text, true)).isEqualTo("w.json: not schedulable\n");
    }

    @Test
    void jsonHasTheCommonFieldsAndTheDetail() throws Exception {
        JsonNode o = new ObjectMapper().readTree(render(OutputFormat.json, false));
        assertThat(o.get("file").asText()).isEqualTo("w.json");
        assertThat(o.get("method").asText()).isEqualTo("gcaps-suspend");
        assertThat(o.get("schedulable").asBoolean()).isFalse();
        assertThat(o.get("evidence").asText()).isEqualTo("bound");
        assertThat(o.get("tasks").get(0).get("responseTime").asLong()).isEqualTo(9100);
        assertThat(o.get("tasks").get(1).get("responseTime").isNull()).isTrue();
        assertThat(o.get("tasks").get(3).get("bestEffort").asBoolean()).isTrue();
        assertThat(o.get("detail").get("gpuPriorityOrder").toString()).isEqualTo("[\"det\",\"legacy\",\"seg\",\"logger\"]");
        assertThat(o.get("detail").get("windows").get(0).get("end").asLong()).isEqualTo(6000);
        assertThat(o.has("timeMs")).isFalse();
    }

    @Test
    void csvFitsTheAnalyzeHeader() {
        String row = render(OutputFormat.csv, false).strip();
        assertThat(row.split(",", -1)).hasSize(Reports.CSV_HEADER.split(",").length);
        assertThat(row).startsWith("w.json,camera-pipeline-v2,gcaps-suspend,\"not schedulable\",false,");
    }
}
