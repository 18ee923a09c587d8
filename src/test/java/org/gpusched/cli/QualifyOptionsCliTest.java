package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.report.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** qualify takes the options every reporting command has (docs/cli.md, "Options every command has"). */
class QualifyOptionsCliTest {

    @Test
    void format_json_prints_the_line_of_qualify_json_and_external_modules_are_read_when_allowed(@TempDir Path dir)
            throws Exception {
        Path like = ExternalModuleWorkload.write(dir);
        Path out = dir.resolve("q");
        CliRunner refused = CliRunner.run("qualify", "--like", like.toString(), "--sets", "1", "--out",
                out.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("give --allow-external-modules");

        CliRunner r = CliRunner.run("qualify", "--like", like.toString(), "--sets", "1", "--out", out.toString(),
                "--no-timing", "-q", "--allow-external-modules", "--format", "json");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        assertThat(r.err()).isEmpty();
        assertThat(r.out().lines()).hasSize(1);
        assertThat(r.out()).isEqualTo(Files.readString(out.resolve("qualify.json")));
        JsonNode n = Json.MAPPER.readTree(r.out());
        assertThat(n.path("exitCode").asInt()).isEqualTo(r.code());
        assertThat(n.path("inputs").get(0).path("file").asText()).isEqualTo(like.toString());
    }

    @Test
    void verbose_adds_the_stack_trace_to_the_one_error_line_and_csv_is_refused(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"version\": 1,");
        String out = dir.resolve("q").toString();
        CliRunner plain = CliRunner.run("qualify", "--like", bad.toString(), "--out", out);
        assertThat(plain.code()).isEqualTo(2);
        assertThat(plain.err().lines()).singleElement().asString().startsWith(bad.toString());
        CliRunner verbose = CliRunner.run("qualify", "--like", bad.toString(), "--out", out, "--verbose");
        assertThat(verbose.code()).isEqualTo(2);
        assertThat(verbose.err()).startsWith(plain.err()).contains("\tat org.gpusched.");
        CliRunner csv = CliRunner.run("qualify", "--like", bad.toString(), "--out", out, "--format", "csv");
        assertThat(csv.code()).isEqualTo(2);
        assertThat(csv.err()).contains("'gpusched qualify' has no CSV form");
    }
}
