package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Kernel kinds end to end on the simulated device: profile, analyse and loop see the contention model. */
class KindsCliTest {
    private static final ObjectMapper M = new ObjectMapper();
    private static final String KINDS = "examples/contending-kinds.json";

    @Test
    void profile_measures_contention_and_loop_converges_on_it(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m.json");
        CliRunner p = CliRunner.run("profile", KINDS, "--device", "sim", "--runs", "3", "--out", out.toString(),
                "--format", "json");
        assertThat(p.code()).as(p.err()).isZero();
        JsonNode rep = M.readTree(p.out());
        JsonNode pair = rep.path("entries").get(0);
        assertThat(pair.path("tasks").toString()).isEqualTo("[\"decode\",\"resize\"]");
        // Two memory kernels of 60 and 50 us: both at 1/1.8 until resize ends (90), then decode's last 10.
        assertThat(pair.path("completion").asLong()).isEqualTo(100);
        assertThat(pair.path("samples").asInt()).isEqualTo(3);
        // A memory and a compute kernel do not contend: the longer one's time.
        assertThat(rep.path("entries").get(1).path("completion").asLong()).isEqualTo(80);

        CliRunner loop = CliRunner.run("loop", KINDS, "--device", "sim", "--start", "model", "--out",
                dir.resolve("final.json").toString(), "--format", "json");
        assertThat(loop.code()).as(loop.err()).isZero();
        JsonNode l = M.readTree(loop.out());
        assertThat(l.path("outcome").asText()).isEqualTo("stable");
        assertThat(l.path("rounds").asInt()).isEqualTo(2);
        assertThat(Files.readString(dir.resolve("final.json"))).contains("\"completion\": 100").contains("\"kind\": \"memory\"");
    }

    @Test
    void an_unknown_kind_or_a_kind_on_a_user_kernel_is_refused(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"formatVersion\": 1, \"tasks\": [{\"name\": \"a\", \"period\": 10, \"deadline\": 10, \"wcet\": 1,\n"
                + " \"kernel\": {\"blocks\": 1, \"threadsPerBlock\": 32, \"kind\": \"tensor\"}}]}\n");
        CliRunner r = CliRunner.run("validate", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("tasks[0].kernel.kind: must be one of spin, compute, memory, cache, shared (got \"tensor\")");
        Files.writeString(bad, "{\"formatVersion\": 1, \"tasks\": [{\"name\": \"a\", \"period\": 10, \"deadline\": 10, \"wcet\": 1,\n"
                + " \"kernel\": {\"blocks\": 1, \"threadsPerBlock\": 32, \"kind\": \"memory\", \"symbol\": \"k\", \"module\": \"k.ptx\"}}]}\n");
        CliRunner m = CliRunner.run("validate", bad.toString());
        assertThat(m.code()).isEqualTo(2);
        assertThat(m.err()).contains("kind: names a built-in kernel");
    }

    @Test
    void a_v2_gpu_segment_names_its_kind_too(@TempDir Path dir) throws Exception {
        String v2 = Files.readString(Path.of("examples/workload-v2.json"));
        Path ok = dir.resolve("v2.json");
        Files.writeString(ok, v2.replace("\"kernel\": { \"blocks\": 32, \"threadsPerBlock\": 256 }",
                "\"kernel\": { \"blocks\": 32, \"threadsPerBlock\": 256, \"kind\": \"memory\" }"));
        assertThat(Files.readString(ok)).contains("\"kind\": \"memory\"");
        CliRunner r = CliRunner.run("validate", ok.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, Files.readString(ok).replace("\"kind\": \"memory\"", "\"kind\": \"tensor\""));
        CliRunner b = CliRunner.run("validate", bad.toString());
        assertThat(b.code()).isEqualTo(2);
        assertThat(b.err()).contains(".kernel.kind: must be one of spin, compute, memory, cache, shared");
    }
}
