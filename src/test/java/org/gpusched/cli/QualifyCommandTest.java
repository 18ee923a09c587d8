package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpusched.qualify.Mutation;
import org.gpusched.report.CiSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code gpusched qualify} as a user runs it: the report folder, its schema, its bytes, its exit codes. */
class QualifyCommandTest {
    static final String LIKE = "examples/jetson-orin-perception.json";

    @TempDir
    Path tmp;

    @Test
    void writes_the_report_folder_and_exits_0_and_the_same_seed_gives_the_same_bytes() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        CliRunner r = CliRunner.run("qualify", "--like", LIKE, "--sets", "3", "--out", a.toString(), "--no-timing");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("qualify: qualified", "gpusched = brute-force", "known issues");
        assertThat(r.err()).contains("qualify: 3/3 sets like " + LIKE);
        for (String f : List.of("qualify.json", "qualify.html", "qualify.junit.xml", "known-issues.md",
                "gpusched-run.json")) {
            assertThat(a.resolve(f)).exists();
        }
        String json = Files.readString(a.resolve("qualify.json"));
        JsonNode n = new ObjectMapper().readTree(json);
        assertThat(ReportSchemas.schema("qualify").validate(n)).isEmpty();
        assertThat(n.path("exitCode").asInt()).isZero();
        assertThat(json).contains("\"status\":\"qualified\"");
        assertThat(n.path("gaps")).isEmpty();
        assertThat(n.path("perInput")).anySatisfy(c -> {
            assertThat(c.path("check").asText()).isEqualTo("gpusched = brute-force");
            assertThat(c.path("compared").asInt()).isEqualTo(3);
        });
        assertThat(n.path("inputs").get(0).path("sha256").asText())
                .isEqualTo(org.gpusched.qualify.Qualify.sha256(Files.readAllBytes(Path.of(LIKE))));
        assertThat(n.path("sets")).hasSize(3);
        assertThat(n.has("elapsedSeconds")).isFalse();
        assertThat(n.path("tool").path("version").asText()).isNotBlank();
        CiSchemas.validateJunit(Files.readString(a.resolve("qualify.junit.xml")));
        assertThat(Files.readString(a.resolve("qualify.html"))).contains("<h2>Known issues</h2>").doesNotContain("<script");
        // Every shipped line says where its expected value comes from, in each report.
        JsonNode shipped = n.path("shippedCases");
        assertThat(shipped.size()).isGreaterThan(600);
        assertThat(shipped).allSatisfy(x -> assertThat(x.path("status").asText()).isIn("agreed", "not compared"));
        assertThat(shipped).anySatisfy(x -> {
            assertThat(x.path("case").asText()).isEqualTo("copy-exec-video.json");
            assertThat(x.path("method").asText()).isEqualTo("copy-exec-order");
            assertThat(x.path("source").asText()).isEqualTo("hand");
        });
        assertThat(Files.readString(a.resolve("qualify.junit.xml")))
                .contains("classname=\"qualify.shipped.paper\"", "classname=\"qualify.shipped.snapshot\"");
        assertThat(Files.readString(a.resolve("qualify.html"))).contains("<td>sm-partition-bf-ina</td>", "<td>hand</td>");
        assertThat(r.out()).containsPattern("shipped cases by source of the expected result:.* hand \\d+");

        CliRunner again = CliRunner.run("qualify", "--like", LIKE, "--sets", "3", "--out", b.toString(), "--no-timing",
                "--quiet");
        assertThat(again.code()).isZero();
        assertThat(again.err()).isEmpty();
        for (String f : List.of("qualify.json", "qualify.html", "qualify.junit.xml", "known-issues.md")) {
            assertThat(Files.readAllBytes(b.resolve(f))).as(f).isEqualTo(Files.readAllBytes(a.resolve(f)));
        }
    }

    /** The test-only mutation switch: a broken exact search makes qualify exit 1 and keep the cases to replay. */
    @Test
    void a_broken_method_exits_1_with_the_disagreeing_cases_kept() throws Exception {
        QualifyCommand broken = new QualifyCommand();
        broken.mutation = Mutation.EXACT_VERDICT_INVERTED;
        Path out = tmp.resolve("q");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        // The command object runs as Main.run would run it: the root, the converters, the handlers.
        CommandLine cl = new CommandLine(new Main.Root());
        cl.addSubcommand(broken);
        int code = Main.execute(Main.configure(cl, new PrintWriter(o), new PrintWriter(e)), "qualify", "--like",
                LIKE, "--sets", "2", "--out", out.toString(), "--quiet");
        assertThat(code).as(e.toString()).isEqualTo(1);
        assertThat(o.toString()).contains("qualify: disagreement", "DISAGREE gpusched = brute-force");
        JsonNode n = new ObjectMapper().readTree(Files.readString(out.resolve("qualify.json")));
        assertThat(ReportSchemas.schema("qualify").validate(n)).isEmpty();
        assertThat(n.path("options").path("mutation").asText()).isEqualTo("EXACT_VERDICT_INVERTED");
        assertThat(n.path("disagreements").size()).isPositive();
        // The broken search contradicts the paper's Figure 1 verdict: the report says which kind of evidence broke.
        assertThat(n.path("shippedCases")).anySatisfy(x -> {
            assertThat(x.path("case").asText()).isEqualTo("paper-fig1.json");
            assertThat(x.path("source").asText()).isEqualTo("paper");
            assertThat(x.path("status").asText()).isEqualTo("disagreed");
            assertThat(x.path("message").asText()).contains("expected schedulable");
        });
        for (JsonNode d : n.path("disagreements")) {
            assertThat(out.resolve(d.path("file").asText())).exists();
        }
        List<Path> kept;
        try (Stream<Path> s = Files.walk(out.resolve("cases"))) {
            kept = s.filter(p -> p.toString().endsWith(".json")).toList();
        }
        // Both parts keep theirs: shipped cases and drawn sets; each kept file is a valid workload to replay.
        assertThat(kept).anySatisfy(p -> assertThat(p.toString()).contains("shipped"))
                .anySatisfy(p -> assertThat(p.toString()).contains("random"));
        for (Path p : kept) {
            assertThat(CliRunner.run("validate", p.toString()).code()).as(p.toString()).isZero();
        }
        assertThat(Files.readString(out.resolve("qualify.junit.xml"))).contains("<failure");
    }

    /** A partial run is exit 1 and says so in every report, as .ci/run and a CI reading JUnit see it. */
    @Test
    void an_nptest_asked_for_that_does_not_run_is_partial_exit_1_in_every_report() throws Exception {
        Path out = tmp.resolve("p");
        CliRunner r = CliRunner.run("qualify", "--like", LIKE, "--sets", "2", "--nptest", "/etc/passwd", "--out",
                out.toString(), "--quiet");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("qualify: partial", "NOT QUALIFIED nptest: asked for but did not run",
                "/etc/passwd");
        String json = Files.readString(out.resolve("qualify.json"));
        JsonNode n = new ObjectMapper().readTree(json);
        assertThat(ReportSchemas.schema("qualify").validate(n)).isEmpty();
        assertThat(json).contains("\"status\":\"partial\"").doesNotContain("\"status\":\"qualified\"");
        assertThat(n.path("exitCode").asInt()).isEqualTo(1);
        assertThat(n.path("disagreements")).isEmpty();
        assertThat(n.path("gaps")).hasSize(1);
        assertThat(n.path("peers").get(0).path("status").asText()).isEqualTo("missing");
        String junit = Files.readString(out.resolve("qualify.junit.xml"));
        CiSchemas.validateJunit(junit);
        assertThat(junit).contains("<failure").contains("nptest: asked for but did not run");
        assertThat(Files.readString(out.resolve("qualify.html"))).contains("class=\"partial\"", "(exit 1)");
    }

    /**
     * A file no method with a twin applies to (workload-v2's chains on cores and time partitions):
     * no drawn set reaches a check, and every report says so with its count, 0, and calls the run
     * partial (exit 1), never qualified.
     */
    @Test
    void a_like_file_whose_sets_reach_no_comparison_is_partial_with_its_count_in_every_report() throws Exception {
        String like = "examples/workload-v2.json";
        Path out = tmp.resolve("v2");
        CliRunner r = CliRunner.run("qualify", "--like", like, "--like", LIKE, "--sets", "2", "--out", out.toString(),
                "--quiet", "--no-timing");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("qualify: partial", "sets like " + like + ": 0 comparisons",
                "NOT QUALIFIED like " + like + ": no drawn set reached a comparison").doesNotContain("qualified\n")
                .containsPattern("sets like " + LIKE + ": [1-9]\\d* comparisons");
        JsonNode n = new ObjectMapper().readTree(Files.readString(out.resolve("qualify.json")));
        assertThat(ReportSchemas.schema("qualify").validate(n)).isEmpty();
        assertThat(n.path("status").asText()).isEqualTo("partial");
        assertThat(n.path("inputs").get(0).path("compared").asInt()).isZero();
        assertThat(n.path("inputs").get(1).path("compared").asInt()).isPositive();
        assertThat(n.path("gaps")).singleElement().satisfies(g -> assertThat(g.path("input").asText()).isEqualTo(like));
        String junit = Files.readString(out.resolve("qualify.junit.xml"));
        CiSchemas.validateJunit(junit);
        assertThat(junit).contains("like " + like + ": no drawn set reached a comparison", "<failure");
    }

    @Test
    void refuses_bad_options_and_inputs_with_exit_2() {
        assertThat(CliRunner.run("qualify", "--sets", "0", "--out", tmp.resolve("x").toString()).code()).isEqualTo(2);
        CliRunner bad = CliRunner.run("qualify", "--like", "src/test/resources/invalid/period-zero.json", "--out",
                tmp.resolve("y").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().lines().count()).isEqualTo(1);
        assertThat(tmp.resolve("y")).doesNotExist();
    }

    @Test
    void the_schema_command_prints_the_report_schema() {
        CliRunner r = CliRunner.run("schema", "--report", "qualify");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("\"title\": \"gpusched qualify");
    }
}
