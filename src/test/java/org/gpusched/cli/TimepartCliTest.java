package org.gpusched.cli;

import org.gpusched.model.Workload;
import org.gpusched.input.WorkloadReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Time partitioning end to end: analyze, compare, export and optimize on the railway example. */
class TimepartCliTest {
    private static final String RAILWAY = "examples/railway-timepart.json";

    @Test
    void analyze_prints_per_task_wcrts() {
        CliRunner r = CliRunner.run("analyze", "--method", "time-partitioned-holistic", RAILWAY, "--no-timing");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("schedulable", "obstacle-detection        27300", "brake-control            7100",
                "serialisation all GPU-using tasks", "leastSlack    7900");
        CliRunner json = CliRunner.run("analyze", "--method", "time-partitioned-holistic", RAILWAY, "--format", "json");
        assertThat(json.code()).isZero();
        assertThat(json.out()).contains("\"responseTime\":27300", "\"flows\":[", "\"windows\":[");
    }

    @Test
    void holistic_is_for_workloads_without_a_plan_and_needs_serialised_kernels(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("analyze", "--method", "holistic", RAILWAY);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("holistic: not applicable: the workload has platform.timePartitions");
        Path one = Files.writeString(dir.resolve("one.json"), """
                { "formatVersion": 2, "tasks": [
                  { "name": "a", "period": 20, "segments": [ { "cpu": 2 }, { "gpu": { "exec": 5 } }, { "cpu": 3 } ],
                    "cpu": { "priority": 2 } },
                  { "name": "b", "period": 30, "segments": [ { "cpu": 4 }, { "copy": { "to": "host", "time": 2 } },
                    { "cpu": 1 } ], "cpu": { "priority": 1 } } ] }
                """);
        CliRunner ok = CliRunner.run("analyze", "--method", "holistic", one.toString(), "--no-timing");
        assertThat(ok.code()).as(ok.err()).isZero();
        // The golden case of HolisticGoldenTest (a copy is a delay like a kernel): 15 and 22.
        assertThat(ok.out()).contains("a                          15", "b                          22");
        assertThat(CliRunner.run("analyze", "--method", "holistic", "examples/paper-fig1.json").err())
                .contains("kernels are not serialised", "no time partition serialises them");
    }

    @Test
    void compare_shows_both_methods() {
        CliRunner r = CliRunner.run("compare", RAILWAY);
        assertThat(r.out()).contains("time-partitioned-holistic schedulable", "holistic                  n/a");
    }

    @Test
    void export_writes_each_model_and_never_over_its_input(@TempDir Path dir) throws Exception {
        CliRunner mast = CliRunner.run("export", "--to", "mast", RAILWAY);
        assertThat(mast.code()).isZero();
        assertThat(mast.out()).contains("Transaction (", "Name            => obstacle_detection", "Type => Delay".replace(
                "Type => Delay", "Type               => Delay"));
        assertThat(mast.err()).contains("MAST-1 has no time partitions");
        Path xml = dir.resolve("railway.xml");
        assertThat(CliRunner.run("export", "--to", "mast2", RAILWAY, "-o", xml.toString()).code()).isZero();
        assertThat(Files.readString(xml)).startsWith("<?xml").contains("Timetable_Driven_Policy");
        Path copy = Files.copy(Path.of(RAILWAY), dir.resolve("in.json"));
        byte[] before = Files.readAllBytes(copy);
        CliRunner over = CliRunner.run("export", "--to", "mast", copy.toString(), "-o", copy.toString());
        assertThat(over.code()).isEqualTo(2);
        assertThat(over.err()).contains("never overwrites its inputs");
        assertThat(Files.readAllBytes(copy)).isEqualTo(before);
        CliRunner sag = CliRunner.run("export", "--to", "sag", RAILWAY);
        assertThat(sag.code()).isEqualTo(2);
        assertThat(sag.err()).contains("export --to sag: not applicable");
        CliRunner jobs = CliRunner.run("export", "--to", "sag", "examples/paper-fig1.json");
        assertThat(jobs.code()).isZero();
        assertThat(jobs.out()).startsWith("Task ID, Job ID, Arrival min, Arrival max, Cost min, Cost max, Deadline,"
                + " Priority\n");
        assertThat(CliRunner.run("export", "--to", "dot", RAILWAY).code()).isEqualTo(2);
    }

    @Test
    void optimize_shrinks_an_oversized_gpu_window(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("opt.json");
        CliRunner r = CliRunner.run("optimize", "--windows", RAILWAY, "-o", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("1 windows of 6000", "after         window [0, 1800) (length 1800)");
        Workload w = new WorkloadReader().read(out);
        assertThat(w.platform().timePartitions().partitions().get(0).windows()).singleElement()
                .satisfies(x -> assertThat(x.length()).isEqualTo(1800));
        assertThat(CliRunner.run("analyze", "--method", "time-partitioned-holistic", out.toString()).code()).isZero();
        // One tick less at the same place leaves obstacle-detection past its deadline.
        String tighter = Files.readString(out).replace("\"length\" : 1800", "\"length\" : 1799");
        Path t = Files.writeString(dir.resolve("tighter.json"), tighter);
        assertThat(CliRunner.run("analyze", "--method", "time-partitioned-holistic", t.toString()).code()).isEqualTo(1);
        assertThat(Files.readString(out)).contains("front camera"); // x kept
        Path copy = Files.copy(Path.of(RAILWAY), dir.resolve("in.json"));
        assertThat(CliRunner.run("optimize", "--windows", copy.toString(), "-o", copy.toString()).code()).isEqualTo(2);
        CliRunner slack = CliRunner.run("optimize", "--windows", "--objective", "slack", copy.toString());
        assertThat(slack.code()).isZero();
        assertThat(dir.resolve("in.optimized.json")).exists();
        // A deadline below the GPU work alone: no window helps, exit 1 and nothing written.
        Path hopeless = Files.writeString(dir.resolve("hopeless.json"), Files.readString(Path.of(RAILWAY))
                .replaceFirst("\"period\": 40000,", "\"period\": 40000, \"deadline\": 9000,"));
        CliRunner none = CliRunner.run("optimize", "--windows", hopeless.toString(), "-o", dir.resolve("h.json").toString());
        assertThat(none.code()).as(none.err()).isEqualTo(1);
        assertThat(none.out()).contains("no window in the free time of the frame keeps every task schedulable");
        assertThat(dir.resolve("h.json")).doesNotExist();
        assertThat(CliRunner.run("optimize", "--windows", "examples/paper-fig1.json", "-o",
                dir.resolve("x.json").toString()).err()).contains("no timePartitions");
    }
}
