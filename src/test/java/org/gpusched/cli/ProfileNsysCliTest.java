package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.input.NsysFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** profile --from-nsys end to end: a trace export and a map in, a measured workload out, and its usage errors. */
class ProfileNsysCliTest {
    private static final ObjectMapper M = new ObjectMapper();

    private static Path[] inputs(Path dir) throws Exception {
        Path ts = dir.resolve("w.json");
        Files.writeString(ts, """
                {"formatVersion": 1, "name": "w", "timeUnit": "us", "tasks": [
                  {"name": "pre", "period": 50, "deadline": 50, "wcet": 1},
                  {"name": "infer", "period": 50, "deadline": 50, "wcet": 1}]}
                """);
        Path map = dir.resolve("map.json");
        Files.writeString(map, "{\"rules\": [{\"task\": \"pre\", \"kernel\": \"resize\"}, {\"task\": \"infer\", \"stream\": 13}]}\n");
        Path db = dir.resolve("trace.sqlite");
        try (NsysFixture f = new NsysFixture(db, true, false, false)) {
            f.kernel("resize_nv12", 7, 0, 4_100).kernel("trt_conv", 13, 10_000, 19_000)
                    .kernel("resize_nv12", 7, 30_000, 33_500).kernel("trt_conv", 13, 31_000, 42_000)
                    .kernel("resize_nv12", 7, 50_000, 53_900).kernel("trt_conv", 13, 50_200, 62_000)
                    .memcpy(7, 60, 90, 3_110_400, 1);
        }
        return new Path[] {ts, map, db};
    }

    @Test
    void a_trace_becomes_measured_wcets_and_co_run_entries(@TempDir Path dir) throws Exception {
        Path[] in = inputs(dir);
        Path out = dir.resolve("m.json");
        CliRunner r = CliRunner.run("profile", in[0].toString(), "--from-nsys", in[2].toString(), "--map", in[1].toString(),
                "--out", out.toString(), "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode rep = M.readTree(r.out());
        assertThat(rep.path("wcet").path("pre").asLong()).isEqualTo(5);
        assertThat(rep.path("wcet").path("infer").asLong()).isEqualTo(9);
        assertThat(rep.path("wcetSamples").path("pre").asInt()).isEqualTo(1);
        assertThat(rep.path("entries").get(0).path("completion").asLong()).isEqualTo(12);
        assertThat(rep.path("entries").get(0).path("samples").asInt()).isEqualTo(2);
        assertThat(rep.path("mappedKernels").asInt()).isEqualTo(6);
        assertThat(rep.path("copies").get(0).path("kind").asText()).isEqualTo("HtoD");
        JsonNode w = M.readTree(out.toFile());
        assertThat(w.path("tasks").get(1).path("wcet").asLong()).isEqualTo(9);
        assertThat(w.path("interference").path("model").asText()).isEqualTo("table");
        assertThat(w.path("interference").path("entries").get(0).path("completion").asLong()).isEqualTo(12);
        assertThat(Files.readAllLines(dir.resolve("m.samples.csv"))).hasSize(1 + 1 + 1 + 2);
        assertThat(CliRunner.run("analyze", out.toString()).code()).isZero();

        CliRunner text = CliRunner.run("profile", in[0].toString(), "--from-nsys", in[2].toString(), "--map",
                in[1].toString(), "--out", dir.resolve("p99.json").toString(), "--statistic", "p99", "--margin", "1.2");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("6 kernels, 6 mapped, 4 busy periods (0 ambiguous)")
                .contains("{pre, infer}").contains("from 2 samples").contains("copies pre");
    }

    @Test
    void usage_and_trace_errors_are_exit_2_in_one_line(@TempDir Path dir) throws Exception {
        Path[] in = inputs(dir);
        String out = dir.resolve("m.json").toString();
        CliRunner noMap = CliRunner.run("profile", in[0].toString(), "--from-nsys", in[2].toString(), "--out", out);
        assertThat(noMap.code()).isEqualTo(2);
        assertThat(noMap.err()).contains("--from-nsys and --map go together");
        CliRunner device = CliRunner.run("profile", in[0].toString(), "--from-nsys", in[2].toString(), "--map",
                in[1].toString(), "--device", "sim", "--out", out);
        assertThat(device.code()).isEqualTo(2);
        assertThat(device.err()).contains("--device does not apply to --from-nsys");
        CliRunner overwrite = CliRunner.run("profile", in[0].toString(), "--from-nsys", in[2].toString(), "--map",
                in[1].toString(), "--out", in[2].toString(), "--force");
        assertThat(overwrite.code()).isEqualTo(2);
        assertThat(Files.size(in[2])).isPositive();
        Path bad = dir.resolve("bad.sqlite");
        try (NsysFixture f = new NsysFixture(bad, false, false, false); var s = f.connection().createStatement()) {
            s.execute("DROP TABLE StringIds");
        }
        CliRunner missing = CliRunner.run("profile", in[0].toString(), "--from-nsys", bad.toString(), "--map",
                in[1].toString(), "--out", out);
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).contains("no table StringIds").doesNotContain("\n").doesNotContain("Exception");
        assertThat(Path.of(out)).doesNotExist();
    }
}
