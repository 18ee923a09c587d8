package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.policy.MethodRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** methods, analyze --method over the registry, compare across policies, schema v2, golden v1 outputs. */
class PolicyCliTest {
    private static final String FIG1 = "examples/paper-fig1.json";
    private static final String V2 = "examples/workload-v2.json";
    private static final Path GOLDEN = Path.of("src/test/resources/golden/analyze-v1");
    private static final ObjectMapper M = new ObjectMapper();

    @Test
    void methodsListsEveryRegisteredMethodOneLineEachWithItsSource() throws Exception {
        CliRunner r = CliRunner.run("methods");
        assertThat(r.code()).isZero();
        List<String> ids = MethodRegistry.standard().ids();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            assertThat(lines.get(i)).startsWith(ids.get(i) + " ").contains("[").endsWith("]");
        }
        // JSON Lines, one object per method, each with reportVersion (docs/report-format.md).
        List<String> jsonLines = CliRunner.run("methods", "--format", "json").out().lines().toList();
        assertThat(jsonLines).hasSize(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            JsonNode json = M.readTree(jsonLines.get(i));
            assertThat(json.get("reportVersion").asInt()).isEqualTo(2);
            assertThat(json.get("method").asText()).isEqualTo(ids.get(i));
        }
        assertThat(M.readTree(jsonLines.get(0)).get("source").asText()).contains("Feddal");
        assertThat(CliRunner.run("compare", "--list", "--format", "json").out().lines().toList()).isEqualTo(jsonLines);
        assertThat(CliRunner.run("methods", "--format", "csv").out().lines().count()).isEqualTo(ids.size() + 1);
        assertThat(CliRunner.run("compare", "--list").out()).isEqualTo(r.out());
    }

    @Test
    void analyzeOfAV1FileIsByteIdenticalToBeforeThePolicyLayer() throws IOException {
        // Golden files: stdout of analyze --no-timing for every method and format, as of the policy layer, with
        // the current report (margins, units, stats behind --stats, reportVersion, leastSlack column).
        List<String> rows = Files.readAllLines(GOLDEN.resolve("exit-codes.csv"), StandardCharsets.UTF_8);
        assertThat(rows).hasSizeGreaterThan(40);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            String base = Path.of(f[0]).getFileName().toString().replace(".json", "");
            CliRunner r = CliRunner.run("analyze", f[0], "--method", f[1], "--format", f[2], "--no-timing");
            assertThat(r.out()).as(row).isEqualTo(Files.readString(GOLDEN.resolve(base + "." + f[1] + "." + f[2])));
            assertThat(r.code()).as(row).isEqualTo(Integer.parseInt(f[3]));
        }
    }

    @Test
    void analyzeWithAMethodThatDoesNotApplyExitsTwoWithTheReason() {
        CliRunner r = CliRunner.run("analyze", V2, "--method", "edf-parallel");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines().toList()).containsExactly(V2 + ": edf-parallel: not applicable: tasks[0] has a CPU"
                + " segment of length 300 (PBS releases kernels at period boundaries)");
        CliRunner unknown = CliRunner.run("analyze", FIG1, "--method", "gcaps-magic");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown method 'gcaps-magic'", "gpusched, brute-force");
    }

    @Test
    void aV2FileWithinThePbsModelIsAnalysedLikeItsV1Twin(@TempDir Path dir) throws IOException {
        Path v2 = dir.resolve("fig1-v2.json");
        String text = Files.readString(Path.of(FIG1)).replace("\"formatVersion\": 1", "\"formatVersion\": 2")
                .replaceAll("\"wcet\": (\\d+)", "\"segments\": [{\"cpu\": 0}, {\"gpu\": {\"exec\": $1}}]");
        Files.writeString(v2, text);
        CliRunner a = CliRunner.run("analyze", FIG1, "--no-timing", "--format", "json");
        CliRunner b = CliRunner.run("analyze", v2.toString(), "--no-timing", "--format", "json");
        assertThat(b.code()).isEqualTo(a.code()).isZero();
        // The same table, bound to its own file (the hash of the v2 text).
        JsonNode x = M.readTree(a.out());
        JsonNode y = M.readTree(b.out().replace(v2.toString(), FIG1));
        assertThat(y.get("table").get("taskSet").get("sha256")).isNotEqualTo(x.get("table").get("taskSet").get("sha256"));
        ((com.fasterxml.jackson.databind.node.ObjectNode) x.get("table").get("taskSet")).remove("sha256");
        ((com.fasterxml.jackson.databind.node.ObjectNode) y.get("table").get("taskSet")).remove("sha256");
        assertThat(y).isEqualTo(x);
    }

    @Test
    void compareShowsEveryMethodWithNaRowsAndTheirReason() throws Exception {
        CliRunner r = CliRunner.run("compare", FIG1, V2, "--format", "json");
        assertThat(r.code()).isZero();
        List<String> lines = r.out().lines().toList();
        assertThat(lines).hasSize(2);
        JsonNode fig1 = M.readTree(lines.get(0));
        List<String> ids = new ArrayList<>();
        fig1.get("methods").forEach(m -> ids.add(m.get("method").asText()));
        // The time-triggered EDF rules are listed only for a set with jitter (the same as the online ones otherwise).
        assertThat(ids).isEqualTo(MethodRegistry.standard().ids().stream().filter(id -> !id.endsWith("-tt")).toList());
        JsonNode gs = fig1.get("methods").get(0);
        assertThat(gs.get("verdict").asText()).isEqualTo("schedulable");
        assertThat(gs.get("evidence").asText()).isEqualTo("exact");
        assertThat(gs.get("tasks").get(0).get("task").asText()).isEqualTo("tau1");
        assertThat(gs.get("tasks").get(0).get("responseTime").asLong()).isBetween(1L, 4L);
        // the keys of the v1 compare are still there
        assertThat(fig1.get("edfSerial").get("misses").get(0).get("task").asText()).isEqualTo("tau2");
        JsonNode v2 = M.readTree(lines.get(1));
        for (JsonNode m : v2.get("methods")) {
            assertThat(m.get("verdict").asText()).isEqualTo("n/a");
            assertThat(m.get("schedulable").isNull()).isTrue();
            // PBS: CPU work; the GCAPS family: copies; SM partitioning: not GPU work only; time partitioning:
            // kernels of several cores in one all-core window, and holistic: the plan (each names its own reason).
            assertThat(m.get("reason").asText()).containsAnyOf("tasks[0] has a CPU segment", "tasks[0] has a copy",
                    "tasks[0] has CPU, copy or gpu.misc time", "kernels are not serialised", "has platform.timePartitions");
        }
        CliRunner text = CliRunner.run("compare", V2);
        assertThat(text.out()).contains("gpusched", "n/a", "tasks[0] has a CPU segment of length 300");
    }

    @Test
    void compareMethodsChoosesAndOrders() {
        CliRunner r = CliRunner.run("compare", FIG1, "--methods", "edf-parallel,gpusched", "--format", "csv");
        assertThat(r.code()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("file,name,method,verdict,schedulable,evidence,note",
                FIG1 + ",paper-fig1,edf-parallel,\"not schedulable\",false,simulation,\"7 job(s) miss their deadline\"",
                FIG1 + ",paper-fig1,gpusched,schedulable,true,exact,");
        CliRunner text = CliRunner.run("compare", FIG1, "--methods", "gpusched");
        assertThat(text.out()).contains("response times per task").doesNotContain("edf-serial");
        assertThat(CliRunner.run("compare", FIG1, "--methods", "pbs").code()).isEqualTo(2);
        assertThat(CliRunner.run("compare").code()).isEqualTo(2);
    }

    @Test
    void compareIsDeterministic() {
        assertThat(CliRunner.run("compare", FIG1, V2).out()).isEqualTo(CliRunner.run("compare", FIG1, V2).out());
    }

    @Test
    void validateSummarisesAV2File() throws Exception {
        CliRunner r = CliRunner.run("validate", V2, "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode o = M.readTree(r.out());
        assertThat(o.get("formatVersion").asInt()).isEqualTo(2);
        assertThat(o.get("cpus").asInt()).isEqualTo(2);
        assertThat(o.get("pbs").asBoolean()).isFalse();
        assertThat(o.get("hyperperiod").isNull()).isTrue();
    }

    /** Every field the v2 reader binds is in the schema, in the right place, and nothing else is. */
    @Test
    void schemaCoversEveryV2Field() throws Exception {
        JsonNode schema = M.readTree(CliRunner.run("schema").out());
        JsonNode defs = schema.get("$defs");
        Map<String, String> dtoToDef = Map.ofEntries(Map.entry("TaskDto", "taskV2"), Map.entry("SegmentDto", "segment"),
                Map.entry("GpuSegmentDto", "gpuSegment"), Map.entry("CopyDto", "copy"), Map.entry("CpuDto", "cpu"),
                Map.entry("ScalingDto", "scaling"), Map.entry("PointDto", "point"), Map.entry("PlatformDto", "platform"),
                Map.entry("DriverDto", "gpuDriver"), Map.entry("ConflictDto", "conflictFactors"),
                Map.entry("TimePartitionsDto", "timePartitions"), Map.entry("PartitionDto", "partition"),
                Map.entry("WindowDto", "window"));
        Class<?> holder = Class.forName("org.gpusched.input.InputDtoV2");
        int checked = 0;
        for (Class<?> dto : holder.getDeclaredClasses()) {
            List<String> fields = Arrays.stream(dto.getRecordComponents()).map(RecordComponent::getName).sorted().toList();
            JsonNode props = dto.getSimpleName().equals("File") ? schema.get("properties")
                    : defs.get(dtoToDef.get(dto.getSimpleName())).get("properties");
            List<String> inSchema = new ArrayList<>();
            for (Iterator<String> it = props.fieldNames(); it.hasNext(); ) {
                inSchema.add(it.next());
            }
            assertThat(inSchema).as(dto.getSimpleName()).containsExactlyInAnyOrderElementsOf(fields);
            checked++;
        }
        assertThat(checked).isEqualTo(14);
        assertThat(schema.get("then").get("$ref").asText()).isEqualTo("#/$defs/v2");
        assertThat(schema.get("properties").get("formatVersion").get("enum").toString()).isEqualTo("[1,2]");
    }
}
