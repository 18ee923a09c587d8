package org.gpusched.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The offset-based methods and the GPU server model through the CLI, on the drone examples. */
class OffsetServerCliTest {
    private static final String PARTITIONED = "examples/drone-timepart.json";
    private static final String SERVER = "examples/drone-server.json";

    @Test
    void offset_based_proves_schedulable_what_holistic_cannot() {
        CliRunner r = CliRunner.run("compare", PARTITIONED);
        assertThat(r.out()).containsPattern("time-partitioned-holistic\\s+not schedulable")
                .containsPattern("time-partitioned-offset-based\\s+schedulable")
                .containsPattern("visual-odometry\\s+24000\\s+> D!\\s+21400");
        assertThat(CliRunner.run("analyze", "--method", "time-partitioned-offset-based", PARTITIONED).code()).isZero();
        assertThat(CliRunner.run("analyze", "--method", "time-partitioned-holistic", PARTITIONED).code()).isEqualTo(1);
    }

    @Test
    void the_gpu_server_makes_a_two_core_workload_analysable(@TempDir Path dir) throws Exception {
        CliRunner r = CliRunner.run("analyze", "--method", "offset-based", SERVER);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("gpuAccess", "server", "kernels are queued to the GPU server");
        // The same tasks with kernels as delays: two cores launch kernels, nothing serialises them.
        Path asDelays = dir.resolve("delays.json");
        Files.writeString(asDelays, Files.readString(Path.of(SERVER)).replace("\"server\"", "\"partition\""));
        CliRunner na = CliRunner.run("analyze", "--method", "offset-based", asDelays.toString());
        assertThat(na.err()).contains("kernels are not serialised");
        assertThat(na.code()).isNotZero();
    }

    @Test
    void an_unknown_gpu_access_is_one_line_with_its_place(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, Files.readString(Path.of(SERVER)).replace("\"server\"", "\"lock\""));
        CliRunner r = CliRunner.run("validate", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("platform.gpuAccess", "must be \"partition\" or \"server\"", "bad.json:")
                .doesNotContain("Exception");
    }

    @Test
    void export_writes_the_gpu_server_as_a_non_preemptive_processor() {
        CliRunner r = CliRunner.run("export", "--to", "mast", SERVER);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Name         => gpu,", "Type         => Non_Preemptible_FP_Policy",
                "Name                    => \"visual_odometry_gpu\"",
                "Activity_Server    => \"visual_odometry_gpu\"",
                "Scheduler               => gpu);");
        assertThat(r.out()).doesNotContain("Type               => Delay,\n          Input_Event        =>"
                + " visual_odometry_e1");
        CliRunner xml = CliRunner.run("export", "--to", "mast2", SERVER);
        assertThat(xml.code()).as(xml.err()).isZero();
        assertThat(xml.out()).contains("<Regular_Processor Name=\"gpu\"/>",
                "<Thread Name=\"visual_odometry_gpu\" Scheduler=\"gpu.scheduler\">",
                "<Non_Preemptible_FP_Params Priority=\"20\"/>",
                "Step_Schedulable_Resource=\"visual_odometry_gpu\"");
    }
}
