package org.gpusched.cli;

import org.gpusched.model.ExitCodes;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Refusals found by the reliability campaign: an absurd thread count, a string over the reader's
 * limit, reports and plans tampered in ways the earlier checks let through. Each is exit 2 with one
 * line naming the place.
 */
class SmallRefusalsTest {
    private static final ObjectMapper M = new ObjectMapper();
    /** A power-on set whose report has a table with a repeat. */
    private static final String POWER_ON = "examples/offsets-alternation.json";

    @TempDir
    Path dir;

    private static void oneLine(CliRunner r, String... parts) {
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(parts).doesNotContain("Exception").doesNotContain("jackson");
    }

    /** A usage error: its line, then picocli's pointer to --help (as for every option out of range). */
    private static void usage(CliRunner r, String... parts) {
        assertThat(r.code()).as(r.err()).isEqualTo(ExitCodes.INVALID);
        assertThat(r.err().lines().findFirst().orElse("")).contains(parts);
        assertThat(r.err()).doesNotContain("Exception");
    }

    @Test
    void threadsHaveAnUpperBound() {
        usage(CliRunner.run("analyze", "examples/paper-fig1.json", "--threads", "2147483647"), "--threads",
                "1..1024");
        usage(CliRunner.run("sensitivity", "examples/paper-fig1.json", "--threads", "1025"), "1..1024");
        usage(CliRunner.run("analyze", "examples/paper-fig1.json", "--threads", "0"), "1..1024");
        usage(CliRunner.run("experiment", "schedulability", "--threads", "100000", "--out", "x"), "1..1024");
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--threads", "3").code()).isZero();
    }

    @Test
    void optimizeWindowsRefusesATraceItWouldNeverWrite() {
        Path trace = dir.resolve("trace.json");
        usage(CliRunner.run("optimize", "--windows", "examples/railway-timepart.json", "--trace", trace.toString(),
                "-o", dir.resolve("w.json").toString()), "--trace records a --plan search, not --windows");
        assertThat(trace).doesNotExist();
        assertThat(dir.resolve("w.json")).doesNotExist();
    }

    @Test
    void aMarginThatIsNoNumberIsSaidSoWithoutTheJavaException() {
        String out = dir.resolve("m.json").toString();
        usage(CliRunner.run("profile", "examples/paper-fig1.json", "--device", "sim", "--out", out, "--margin", "abc"),
                "--margin", "'abc' is not a decimal number");
        usage(CliRunner.run("loop", "examples/paper-fig1.json", "--device", "sim", "--out", out, "--margin", ""),
                "--margin", "'' is not a decimal number");
        usage(CliRunner.run("profile", "examples/paper-fig1.json", "--device", "sim", "--out", out, "--margin", "NaN"),
                "'NaN' is not a decimal number");
        usage(CliRunner.run("profile", "examples/paper-fig1.json", "--device", "sim", "--out", out, "--margin", "0.5"),
                "--margin must be between 1 and 1000");
    }

    @Test
    void aUtilisationNoSetCanBeDrawnAtIsRefusedNotAnInternalError() {
        // U = n needs every u_i = 1 exactly, and U = 110 of 20 tasks capped at 6.5 each almost so: no draw fits.
        oneLine(CliRunner.run("experiment", "schedulability", "-n", "2", "--sets", "1", "--scenarios", "small",
                "--out", dir.resolve("e").toString()), "U=2.0: ", "no draw of 2 tasks", "lower the utilisation");
        oneLine(CliRunner.run("experiment", "partitioning", "-n", "20", "--sets", "1", "--utilizations", "110",
                "--out", dir.resolve("p").toString()), "U=110.0: ", "no draw of 20 tasks");
        oneLine(CliRunner.run("bench", "--tasks", "2", "--utilizations", "2", "--sets", "1", "--warmup", "0",
                "--no-compare"), "U=2.0: ", "no draw of 2 tasks");
        oneLine(CliRunner.run("generate", "-n", "3", "-u", "3", "--out", dir.resolve("g").toString()), "U=3.0: ");
        // bench checks its points as the experiments do, before any set is drawn.
        usage(CliRunner.run("bench", "--tasks", "3", "--utilizations", "4", "--sets", "1"),
                "every utilisation must be in (0, tasks]");
        usage(CliRunner.run("bench", "--tasks", "0", "--utilizations", "0.5", "--sets", "1"), "1 <= --tasks <= 64");
        usage(CliRunner.run("bench", "--hard-sets", "--tasks", "65", "--sets", "1"), "1 <= --tasks <= 64");
    }

    @Test
    void theRootFolderAsAFileIsRefusedNotAnInternalError() {
        String table = dir.resolve("t.json").toString();
        assertThat(CliRunner.run("analyze", "examples/paper-fig1.json", "--table", table).code()).isZero();
        usage(CliRunner.run("play", table, "--taskset", "examples/paper-fig1.json", "--device", "sim", "--gantt", "/"),
                "--gantt writes .svg or .png files, not /");
        usage(CliRunner.run("analyze", "examples/paper-fig1.json", "--gantt", "/"), "--gantt writes .svg or .png");
        oneLine(CliRunner.run("play", table, "--taskset", "examples/paper-fig1.json", "--device", "sim",
                "--sim-contention", "/"), "/: cannot read");
        oneLine(CliRunner.run("profile", "examples/paper-fig1.json", "--device", "sim", "--sim-contention", "/",
                "--out", dir.resolve("p.json").toString()), "/: cannot read");
    }

    @Test
    void aFolderNamedAsAPeerToolIsMissingNotRun() throws Exception {
        Path out = dir.resolve("q");
        CliRunner r = CliRunner.run("qualify", "--like", "examples/paper-fig1.json", "--sets", "1", "--nptest", "/",
                "--mast", dir.toString(), "--out", out.toString(), "--no-timing");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        String report = Files.readString(out.resolve("qualify.json"));
        assertThat(report).contains("\"note\":\"not executable: /\"").contains("not executable: " + dir);
    }

    @Test
    void loopPlanChecksItsMarginAsLoopDoes() {
        for (String margin : new String[] {"0.5", "9223372036854775808"}) {
            usage(CliRunner.run("loop", "--plan", "examples/drone-plan.json", "--device", "sim", "--sim-timing",
                    "examples/drone-plan-truth.json", "--out", dir.resolve("l.json").toString(), "--margin", margin),
                    "--margin must be between 1 and 1000 (got " + margin + ")");
        }
    }

    @Test
    void aStringOverTheLimitIsLocated() throws Exception {
        Path f = dir.resolve("long.json");
        Files.writeString(f, "{\"formatVersion\": 1,\n  \"tasks\": [{\"name\": \"" + "x".repeat(1_000_001) + "\"}]}");
        oneLine(CliRunner.run("validate", f.toString()), "long.json:2:", "tasks[0].name",
                "string too long: at most 1000000 characters");
        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, "{\"format\": \"gpusched-partition-plan\",\n \"method\": \"" + "m".repeat(1_000_001)
                + "\"}");
        oneLine(CliRunner.run("play", plan.toString(), "--taskset", PartitionCliTest.EX, "--device", "sim"),
                "plan.json:2:", "method", "string too long");
    }

    private static ObjectNode report() throws Exception {
        CliRunner r = CliRunner.run("analyze", POWER_ON, "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        ObjectNode o = (ObjectNode) M.readTree(r.out());
        assertThat(o.path("table").path("repeat").isObject()).as("a table with a repeat").isTrue();
        return o;
    }

    private void refusedReport(String name, String path, Consumer<ObjectNode> change) throws Exception {
        ObjectNode o = report();
        change.accept(o);
        Path f = Files.writeString(dir.resolve(name), M.writeValueAsString(o) + "\n");
        Path ok = Files.writeString(dir.resolve("base.json"), M.writeValueAsString(report()) + "\n");
        CliRunner r = CliRunner.run("diff", ok.toString(), f.toString());
        oneLine(r, path);
        assertThat(r.err()).as(name).contains(name + ":1:");
    }

    private static ObjectNode entry(ObjectNode o, int i) {
        return (ObjectNode) o.path("table").path("entries").get(i);
    }

    @Test
    void diffRefusesTheTamperedReportsItUsedToAccept() throws Exception {
        refusedReport("empty.json", "table.entries[0].batch", o -> entry(o, 0).putArray("batch"));
        refusedReport("end.json", "table.entries[1].end", o -> entry(o, 1).put("end", Long.MAX_VALUE));
        refusedReport("from.json", "table.repeat.fromEntry",
                o -> ((ObjectNode) o.path("table").path("repeat")).put("fromEntry", new java.math.BigDecimal("1e300")));
        refusedReport("from2.json", "table.repeat.fromEntry",
                o -> ((ObjectNode) o.path("table").path("repeat")).put("fromEntry", 7));
        refusedReport("every.json", "table.repeat.every",
                o -> ((ObjectNode) o.path("table").path("repeat")).put("every", 0));
        refusedReport("markup.json", "table.streams[0]",
                o -> ((com.fasterxml.jackson.databind.node.ArrayNode) o.path("table").path("streams")).set(0,
                        M.getNodeFactory().textNode("<script>alert(1)</script>")));
        // The report as written still compares.
        Path ok = Files.writeString(dir.resolve("ok.json"), M.writeValueAsString(report()) + "\n");
        assertThat(CliRunner.run("diff", ok.toString(), ok.toString()).code()).isIn(0, 1);
    }

    /** A version 2 table (with a repeat) whose JSON {@code change} tampered, written to {@code name}. */
    private Path periodicTable(String name, Consumer<ObjectNode> change) throws Exception {
        Path table = dir.resolve("periodic.json");
        CliRunner r = CliRunner.run("analyze", POWER_ON, "--table", table.toString(), "--force");
        assertThat(r.code()).as(r.err()).isZero();
        ObjectNode t = (ObjectNode) M.readTree(table.toFile());
        assertThat(t.path("repeat").isObject()).as("a table with a repeat").isTrue();
        change.accept(t);
        return Files.writeString(dir.resolve(name), M.writeValueAsString(t) + "\n");
    }

    @Test
    void aNullInAPeriodicTableIsLocatedNotAnInternalError() throws Exception {
        Path repeat = periodicTable("repeat.json", t -> t.putNull("repeat"));
        Path stream = periodicTable("stream.json", t -> t.withArray("streams").addNull());
        Path entry = periodicTable("entry.json", t -> t.withArray("entries").addNull());
        oneLine(CliRunner.run("verify", repeat.toString(), "--taskset", POWER_ON, "--runs", "2"), "repeat.json:1:",
                "repeat", "must not be null");
        oneLine(CliRunner.run("play", stream.toString(), "--taskset", POWER_ON, "--device", "sim"), "stream.json:1:",
                "\"streams\" must not hold null");
        oneLine(CliRunner.run("verify", entry.toString(), "--taskset", POWER_ON, "--runs", "2", "--format", "junit"),
                "entry.json:1:", "\"entries\" must not hold null");
    }

    @Test
    void loopNamesTheInputWhoseSteadyStateNoRoundCouldAnalyse() throws Exception {
        // offsets-alternation has no steady state; a period of 2^31 ticks puts 2^29 jobs in the hyperperiod.
        Path many = Files.writeString(dir.resolve("many.json"), "{\"formatVersion\": 1, \"tasks\": ["
                + "{\"name\": \"L\", \"period\": 2147483648, \"wcet\": 5},"
                + "{\"name\": \"U\", \"period\": 4, \"wcet\": 2}]}");
        for (String[] in : new String[][] {{"examples/offsets-alternation.json", "no steady state"},
            {many.toString(), "jobs per hyperperiod exceed the limit"}}) {
            Path out = dir.resolve("looped.json");
            CliRunner r = CliRunner.run("loop", in[0], "--device", "sim", "--runs", "2", "--warmup", "0",
                    "--out", out.toString());
            oneLine(r, in[0] + ": tasks: ", in[1]);
            assertThat(r.err()).doesNotContain("looped");
            assertThat(out).doesNotExist();
        }
    }

    private Path plan() throws Exception {
        Path plan = dir.resolve("p.json");
        CliRunner r = CliRunner.run("analyze", "--method", "sm-partition-sms-ina", PartitionCliTest.EX, "--plan",
                plan.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return plan;
    }

    private void refusedPlan(String from, String to, String... parts) throws Exception {
        Path plan = plan();
        String text = Files.readString(plan);
        assertThat(text).contains(from);
        Path bad = Files.writeString(dir.resolve("bad.json"), text.replace(from, to));
        oneLine(CliRunner.run("play", bad.toString(), "--taskset", PartitionCliTest.EX, "--device", "sim"), parts);
        Files.delete(plan);
        Files.delete(bad);
    }

    @Test
    void planTypeErrorsNameLineAndColumn() throws Exception {
        refusedPlan("\"method\" : \"sm-partition-sms-ina\"", "\"method\" : []", "bad.json:9:", "method");
        refusedPlan("\"gpuSms\" : 68", "\"gpuSms\" : \"68\"", "bad.json:11:", "gpuSms");
        refusedPlan("\"sms\" : ", "\"sms\" : -", "bad.json:", "partitions[0].sms", "integer >= 0");
        refusedPlan("\"conflict\" : false", "\"conflict\" : 0", "partitions[0].tasks[", ".conflict");
    }
}
