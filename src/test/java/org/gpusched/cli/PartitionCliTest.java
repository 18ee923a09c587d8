package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** SM partitioning end to end: analyze (text/json/csv, --plan, --partition-test), compare, play a plan. */
class PartitionCliTest {
    static final String EX = "examples/sm-partitioning-68.json";
    static final ObjectMapper M = new ObjectMapper();

    @Test
    void analyzePrintsThePlanAndWritesItHashLinked(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("plan.json");
        CliRunner r = CliRunner.run("analyze", "--method", "sm-partition-sms-ina", EX, "--plan", plan.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("schedulable", "partitionTest per-task", "plan", "firstSm", "allocation", "slack");
        JsonNode p = M.readTree(Files.readString(plan));
        assertThat(p.path("format").asText()).isEqualTo("gpusched-partition-plan");
        assertThat(p.path("formatVersion").asInt()).isEqualTo(1);
        JsonNode json = M.readTree(CliRunner.run("analyze", "--method", "sm-partition-sms-ina", EX, "--format", "json",
                "--no-timing").out());
        assertThat(p.path("workload").path("sha256").asText()).hasSize(64);
        assertThat(json.path("detail").path("usedSms").asLong()).isEqualTo(p.path("usedSms").asLong())
                .isLessThanOrEqualTo(68);
        long tasks = 0;
        for (JsonNode part : p.path("partitions")) {
            tasks += part.path("tasks").size();
        }
        assertThat(tasks).isEqualTo(14);
        // Deterministic: the same bytes again (into a file gpusched wrote, so no --force needed).
        String first = Files.readString(plan);
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-sms-ina", EX, "--plan", plan.toString()).code())
                .isZero();
        assertThat(Files.readString(plan)).isEqualTo(first);
    }

    @Test
    void everyMethodReportsInEveryFormatAndOneGFailsHere() {
        for (String m : new String[] {"sms-act", "sms-ina", "bf-act", "bf-ina", "1g"}) {
            CliRunner json = CliRunner.run("analyze", "--method", "sm-partition-" + m, EX, "--format", "json");
            assertThat(json.code()).as(m).isEqualTo(m.equals("1g") ? 1 : 0);
            CliRunner csv = CliRunner.run("analyze", "--method", "sm-partition-" + m, EX, "--format", "csv");
            assertThat(csv.out().lines().count()).isEqualTo(2);
        }
        for (String test : new String[] {"edf-dbf", "gfb"}) {
            CliRunner r = CliRunner.run("analyze", "--method", "sm-partition-bf-ina", EX, "--partition-test", test,
                    "--format", "json");
            assertThat(r.code()).as(test).isIn(0, 1);
            assertThat(r.out()).contains("\"partitionTest\":\"" + test + "\"");
        }
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-bf-ina", EX, "--merge-search", "binary").code())
                .isZero();
    }

    @Test
    void misuseIsAUsageErrorAndMissingDataIsNotApplicable(@TempDir Path dir) {
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-bf-ina", EX, "--partition-test", "nope").code())
                .isEqualTo(2);
        assertThat(CliRunner.run("analyze", "--method", "gpusched", "examples/paper-fig1.json", "--plan",
                dir.resolve("p.json").toString()).code()).isEqualTo(2);
        CliRunner over = CliRunner.run("analyze", "--method", "sm-partition-bf-ina", EX, "--plan", EX);
        assertThat(over.code()).isEqualTo(2);
        assertThat(over.err()).contains("never overwrites its inputs");
        CliRunner na = CliRunner.run("analyze", "--method", "sm-partition-bf-ina", "examples/paper-fig1.json");
        assertThat(na.code()).isEqualTo(2);
        assertThat(na.err()).contains("not applicable: gpu.sms is not given");
        CliRunner noKind = CliRunner.run("analyze", "--method", "sm-partition-1g", "examples/rtx4090-inference.json");
        assertThat(noKind.code()).isEqualTo(2);
        assertThat(noKind.err()).contains("not applicable: tasks[0] has no kind");
    }

    @Test
    void compareShowsThePartitioningRows() {
        CliRunner r = CliRunner.run("compare", EX);
        assertThat(r.out()).contains("sm-partition-sms-act", "sm-partition-1g");
        CliRunner json = CliRunner.run("compare", EX, "--format", "json");
        assertThat(json.out()).contains("\"method\":\"sm-partition-bf-act\"");
    }

    @Test
    void playRunsThePlanOnTheSimulatorAndRefusesAnotherWorkloadsPlan(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("plan.json");
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-bf-act", EX, "--plan", plan.toString()).code())
                .isZero();
        CliRunner r = CliRunner.run("play", plan.toString(), "--taskset", EX, "--device", "sim", "--format", "json");
        assertThat(r.code()).isZero();
        JsonNode j = M.readTree(r.out());
        assertThat(j.path("summary").path("misses").asInt()).isZero();
        assertThat(j.path("summary").path("jobs").asInt()).isEqualTo(53);
        // A plan edited to squeeze a partition no longer passes the independent check.
        String squeezed = Files.readString(plan).replaceFirst("\"sms\" : (\\d+)", "\"sms\" : 1");
        Path bad = Files.writeString(dir.resolve("bad.json"), squeezed);
        CliRunner refused = CliRunner.run("play", bad.toString(), "--taskset", EX, "--device", "sim");
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("not a valid plan for this workload");
        Path other = Files.writeString(dir.resolve("other.json"), Files.readString(Path.of(EX))
                .replace("\"name\": \"sm-partitioning-68\"", "\"name\": \"another\""));
        CliRunner wrongHash = CliRunner.run("play", plan.toString(), "--taskset", other.toString(), "--device", "sim");
        assertThat(wrongHash.code()).isEqualTo(2);
        assertThat(wrongHash.err()).contains("the plan is for another workload");
        // No GPU here: the CUDA path is refused with the reason, never a stack trace.
        CliRunner cuda = CliRunner.run("play", plan.toString(), "--taskset", EX, "--device", "cuda");
        assertThat(cuda.code()).isEqualTo(2);
        assertThat(cuda.err()).startsWith("gpusched: --device cuda: ");
    }
}
