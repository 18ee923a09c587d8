package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a hostile or careless user meets: budgets that bind the whole command, numbers out of range,
 * outputs that fail, options a mode does not use, and inputs at the edges of what a policy takes.
 */
class ReliabilityTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String RAILWAY = "examples/railway-timepart.json";
    /** What a command may take past its --time-limit: the reading of its input and its report, on a busy machine. */
    private static final long SLACK_MS = 4_000;

    /** Two CPU-only tasks on one core: period 1 with WCET 1 above one of period 10^12 (100 % load). */
    static Path saturated(Path dir) throws Exception {
        ObjectNode w = M.createObjectNode().put("formatVersion", 2).put("name", "saturated").put("timeUnit", "us");
        w.putObject("gpu").put("preset", "jetson-xavier-nx");
        ObjectNode p = w.putObject("platform").put("cpus", 1);
        p.putObject("gpuDriver").put("timeslice", 1000).put("contextSwitch", 200).put("runlistUpdate", 800);
        ArrayNode ts = w.putArray("tasks");
        ts.add(task("fast", 1, 2));
        ts.add(task("slow", 1_000_000_000_000L, 1));
        return Files.writeString(dir.resolve("saturated.json"), w.toPrettyString());
    }

    private static ObjectNode task(String name, long period, int priority) {
        ObjectNode t = M.createObjectNode().put("name", name).put("period", period).put("deadline", period);
        t.putArray("segments").addObject().put("cpu", 1);
        t.putObject("cpu").put("core", 0).put("priority", priority);
        return t.put("gpuPriority", priority);
    }

    /** The railway example with its plan's times multiplied by {@code k} (a long frame, few windows). */
    static Path longFrame(Path dir, long k) throws Exception {
        ObjectNode w = (ObjectNode) M.readTree(Files.readString(Path.of(RAILWAY)));
        ObjectNode tp = (ObjectNode) w.path("platform").path("timePartitions");
        tp.put("majorFrame", tp.path("majorFrame").asLong() * k);
        for (JsonNode part : tp.path("partitions")) {
            for (JsonNode win : part.path("windows")) {
                ((ObjectNode) win).put("start", win.path("start").asLong() * k).put("length", win.path("length").asLong() * k);
            }
        }
        return Files.writeString(dir.resolve("frame-" + k + ".json"), w.toPrettyString());
    }

    /** The railway example with CTRL's core-0 window cut into 20,000 one-tick windows (a supply bound is n² steps). */
    static Path manyWindows(Path dir) throws Exception {
        ObjectNode w = (ObjectNode) M.readTree(Files.readString(Path.of(RAILWAY)));
        ObjectNode tp = (ObjectNode) w.path("platform").path("timePartitions");
        tp.put("majorFrame", 200_000).put("switchOverhead", 0);
        ArrayNode parts = (ArrayNode) tp.path("partitions");
        ArrayNode ctrl = ((ObjectNode) parts.get(1)).putArray("windows");
        for (int i = 0; i < 20_000; i++) {
            ctrl.addObject().put("start", 6000 + 2 * i).put("length", 1).put("core", 0);
        }
        ctrl.addObject().put("start", 0).put("length", 5000).put("core", 1);
        ((ObjectNode) parts.get(2).path("windows").get(0)).put("length", 195_000);
        return Files.writeString(dir.resolve("many-windows.json"), w.toString());
    }

    private static long timed(List<String> args, int... codes) {
        long t0 = System.nanoTime();
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(r.code()).as(args + ": " + r.err()).isIn(java.util.Arrays.stream(codes).boxed().toArray());
        return ms;
    }

    @Test
    void every_command_ends_within_its_time_limit_plus_a_constant(@TempDir Path dir) throws Exception {
        List<List<String>> runs = new ArrayList<>();
        runs.add(List.of("analyze", "--method", "time-partitioned-holistic", manyWindows(dir).toString(), "--time-limit", "1s"));
        runs.add(List.of("optimize", "--windows", longFrame(dir, 1000).toString(), "--step", "1", "--time-limit", "1s",
                "-o", dir.resolve("opt.json").toString()));
        runs.add(List.of("sensitivity", "src/test/resources/cases/wide-64-tasks.json", "--time-limit", "1s"));
        runs.add(List.of("compare", saturated(dir).toString(), "--time-limit", "1s"));
        for (List<String> args : runs) {
            // Read once first: the limit binds the analyses, and a cold JVM's first read of a large
            // file on a loaded machine is not what this measures.
            CliRunner.run("validate", args.stream().filter(a -> a.endsWith(".json")).findFirst().orElseThrow());
            long ms = timed(args, 0, 1, 3);
            assertThat(ms).as(String.join(" ", args)).isLessThanOrEqualTo(1_000 + SLACK_MS);
        }
    }

    @Test
    void a_fully_loaded_core_is_refused_at_once_with_the_reason(@TempDir Path dir) throws Exception {
        Path f = saturated(dir);
        for (String m : List.of("tsg-rr-busy", "tsg-rr-suspend", "gcaps-busy", "gcaps-suspend", "mpcp-busy",
                "mpcp-suspend", "fmlp+-busy", "fmlp+-suspend", "holistic")) {
            long t0 = System.nanoTime();
            CliRunner r = CliRunner.run("analyze", "--method", m, f.toString());
            assertThat(r.code()).as(m).isEqualTo(1);
            assertThat((System.nanoTime() - t0) / 1_000_000).as(m).isLessThan(SLACK_MS);
            if (!m.equals("holistic")) {
                assertThat(r.out()).as(m).contains("fully loaded above slow");
            }
        }
    }

    @Test
    void optimize_refuses_a_grid_too_fine_for_its_frame(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("optimize", "--windows", longFrame(dir, 10_000_000).toString(), "--step", "1",
                "-o", dir.resolve("o.json").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().lines().findFirst().orElse("")).contains("placements", "--step");
        assertThat(CliRunner.run("optimize", "--windows", RAILWAY, "--step", "0").code()).isEqualTo(2);
    }

    @Test
    void count_options_are_bounded_with_one_line(@TempDir Path dir) throws Exception {
        String ex = "examples/paper-fig1.json";
        for (String[] args : List.of(
                new String[] {"profile", ex, "--device", "sim", "--runs", "100000000", "--out", dir.resolve("p").toString()},
                new String[] {"profile", ex, "--device", "sim", "--runs", "2147483647", "--out", dir.resolve("p").toString()},
                new String[] {"profile", ex, "--device", "sim", "--warmup", "-1", "--out", dir.resolve("p").toString()},
                new String[] {"loop", ex, "--device", "sim", "--runs", "2147483647", "--out", dir.resolve("l").toString()},
                new String[] {"loop", ex, "--device", "sim", "--rounds", "0", "--out", dir.resolve("l").toString()},
                new String[] {"play", "t.json", "--taskset", ex, "--hyperperiods", "99999999999"})) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).contains("range", "--");
        }
    }

    @Test
    void validate_reads_a_16_mb_file_whose_bulk_is_under_x_in_a_64_mb_heap(@TempDir Path dir) throws Exception {
        String base = Files.readString(Path.of("examples/workload-v2.json")).strip();
        StringBuilder sb = new StringBuilder(16_000_000).append(base, 0, base.length() - 1).append(", \"x\": {\"bulk\": [");
        while (sb.length() < 15_600_000) {
            sb.append("1234567,");
        }
        sb.append("0]}}\n");
        Path f = Files.writeString(dir.resolve("big.json"), sb);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
                "-cp", System.getProperty("java.class.path"), "org.gpusched.cli.Main", "validate", f.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
    }

    @Test
    void a_chart_written_to_a_full_device_fails_with_one_line(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        for (String name : List.of("g.png", "g.svg")) {
            Path link = Files.createSymbolicLink(dir.resolve(name), Path.of("/dev/full"));
            CliRunner r = CliRunner.run("analyze", "examples/paper-fig1.json", "--gantt", link.toString());
            assertThat(r.code()).as(name).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(name + ": " + r.err()).hasSize(1);
            assertThat(r.err()).as(name).doesNotContain("Exception", "\\n");
        }
    }

    /** An SM partition plan of {@link PartitionCliTest#EX}. */
    private static Path plan(Path dir) {
        Path plan = dir.resolve("plan.json");
        assertThat(CliRunner.run("analyze", "--method", "sm-partition-bf-act", PartitionCliTest.EX, "--plan",
                plan.toString()).code()).isZero();
        return plan;
    }

    @Test
    void play_of_a_plan_refuses_the_options_it_does_not_use(@TempDir Path dir) throws Exception {
        String ex = PartitionCliTest.EX;
        Path plan = plan(dir);
        for (String[] extra : List.of(new String[] {"--exec-time", "fixed:0.5"}, new String[] {"--mode", "reclaim"},
                new String[] {"--seed", "7"}, new String[] {"--sim-timing", dir.resolve("missing.json").toString()})) {
            List<String> args = new ArrayList<>(List.of("play", plan.toString(), "--taskset", ex, "--device", "sim"));
            args.addAll(List.of(extra));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.code()).as(extra[0]).isEqualTo(2);
            assertThat(r.err()).as(extra[0]).contains(extra[0]);
        }
    }

    @Test
    void analyze_json_prints_the_error_line_when_the_method_does_not_apply() throws Exception {
        CliRunner r = CliRunner.run("analyze", "--method", "holistic", "examples/paper-fig1.json", "--format", "json");
        assertThat(r.code()).isEqualTo(2);
        JsonNode line = M.readTree(r.out());
        assertThat(line.path("error").asText()).contains("not applicable");
        assertThat(line.path("file").asText()).isEqualTo("examples/paper-fig1.json");
    }

    @Test
    void a_65_task_workload_with_a_slowdown_model_runs_every_policy_but_pbs(@TempDir Path dir) throws Exception {
        ObjectNode w = (ObjectNode) M.readTree(Files.readString(saturated(dir)));
        w.with("platform").put("cpus", 2);
        ArrayNode ts = w.putArray("tasks");
        ObjectNode factors = w.putObject("interference").put("model", "slowdown").putObject("factors");
        for (int i = 0; i < 65; i++) {
            ObjectNode t = ts.addObject().put("name", "t" + i).put("period", 100_000).put("deadline", 100_000);
            t.putArray("segments").addObject().put("cpu", 10);
            ((ArrayNode) t.path("segments")).addObject().putObject("gpu").put("exec", 100).put("misc", 5);
            t.putObject("cpu").put("core", i % 2).put("priority", 100 - i);
            t.put("gpuPriority", 100 - i);
            factors.put("t" + i, 1.2);
        }
        Path f = Files.writeString(dir.resolve("t65.json"), w.toPrettyString());
        assertThat(CliRunner.run("validate", f.toString()).code()).isZero();
        CliRunner pbs = CliRunner.run("analyze", f.toString());
        assertThat(pbs.code()).isEqualTo(2);
        assertThat(pbs.err()).contains("at most 64");
        assertThat(CliRunner.run("analyze", "--method", "fmlp+-suspend", f.toString()).code()).isIn(0, 1);
    }

    @Test
    void a_table_whose_streams_are_not_the_tasks_is_refused(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.json");
        String ex = "examples/paper-fig1.json";
        assertThat(CliRunner.run("analyze", ex, "--table", table.toString()).code()).isZero();
        ObjectNode t = (ObjectNode) M.readTree(Files.readString(table));
        t.putArray("streams").add("nobody");
        Files.writeString(table, t.toPrettyString());
        for (String cmd : List.of("play", "verify")) {
            CliRunner r = cmd.equals("play") ? CliRunner.run(cmd, table.toString(), "--taskset", ex, "--device", "sim")
                    : CliRunner.run(cmd, table.toString(), "--taskset", ex);
            assertThat(r.code()).as(cmd).isEqualTo(2);
            assertThat(r.err()).as(cmd).contains("streams");
        }
    }

    @Test
    void a_plan_with_wrong_types_in_its_informational_fields_is_refused(@TempDir Path dir) throws Exception {
        String ex = PartitionCliTest.EX;
        Path plan = plan(dir);
        String text = Files.readString(plan);
        for (String[] edit : List.of(new String[] {"\"time\" : \\d+", "\"time\" : \"\"", "time"},
                new String[] {"\"period\" : \\d+", "\"period\" : 9223372036854775808", "period"},
                new String[] {"\"deadline\" : \\d+", "\"deadline\" : -1", "deadline"})) {
            Path bad = Files.writeString(dir.resolve("bad-" + edit[2] + ".json"), text.replaceFirst(edit[0], edit[1]));
            CliRunner r = CliRunner.run("play", bad.toString(), "--taskset", ex, "--device", "sim");
            assertThat(r.code()).as(edit[2]).isEqualTo(2);
            assertThat(r.err()).as(edit[2]).contains("tasks[0]." + edit[2]).hasLineCount(1);
        }
    }

    @Test
    void a_plan_whose_partition_name_holds_control_characters_is_refused(@TempDir Path dir) throws Exception {
        ObjectNode plan = (ObjectNode) M.readTree(Files.readString(plan(dir)));
        ((ObjectNode) plan.path("partitions").get(0)).put("name", "P\u001b[2J\nFAKE");
        Path bad = Files.writeString(dir.resolve("bad-name.json"), plan.toPrettyString());
        CliRunner r = CliRunner.run("play", bad.toString(), "--taskset", PartitionCliTest.EX, "--device", "sim");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("partitions[0].name").doesNotContain("\u001b").hasLineCount(1);
    }
}
